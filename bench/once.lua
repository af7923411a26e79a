-- wrk script for `make bench`'s never-seen rows: sends each request of the file named by
-- BODIES ("<path> <json body>" a line) at most once. Thread k of the WRK_THREADS threads
-- takes lines k+1, k+1+T, k+1+2T, ... so that no two threads share a body. A thread that
-- has handed out its share stops (a run that ran out counts idle time in its requests/s,
-- so bench/unseen.py sizes the file to outlast the run), and done() prints what was sent.
local threads = {}

function setup(thread)
  thread:set("thread_index", #threads)
  threads[#threads + 1] = thread
end

function init(args)
  local of = tonumber(os.getenv("WRK_THREADS"))
  requests, sent = {}, 0
  local n = 0
  for line in io.lines(os.getenv("BODIES")) do
    local space = line:find(" ", 1, true)
    if space then
      if n % of == thread_index then
        requests[#requests + 1] = wrk.format("POST", line:sub(1, space - 1),
          {["Content-Type"] = "application/json"}, line:sub(space + 1))
      end
      n = n + 1
    end
  end
  share = #requests
end

function request()
  if sent >= share then
    wrk.thread:stop()
    return ""  -- nothing is written: the connection idles until the thread stops
  end
  sent = sent + 1
  return requests[sent]
end

function done(summary, latency, requests)
  local handed, total, out = 0, 0, 0
  for _, thread in ipairs(threads) do
    handed = handed + thread:get("sent")
    total = total + thread:get("share")
    if thread:get("sent") >= thread:get("share") then
      out = out + 1
    end
  end
  io.write(string.format("once: handed out %d of %d bodies; %d of %d threads ran out\n",
    handed, total, out, #threads))
end
