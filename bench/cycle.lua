-- wrk script for `make bench`: cycles through the requests of the file named by BODIES,
-- one per line as "<path> <json body>", each thread starting at its own offset.
local requests = {}
for line in io.lines(os.getenv("BODIES")) do
  local space = line:find(" ", 1, true)
  if space then
    requests[#requests + 1] = wrk.format("POST", line:sub(1, space - 1),
      {["Content-Type"] = "application/json"}, line:sub(space + 1))
  end
end
local next_one = 0

function setup(thread)
  thread:set("first", math.random(#requests))
end

function init(args)
  next_one = tonumber(first) or 0
end

function request()
  next_one = next_one % #requests + 1
  return requests[next_one]
end
