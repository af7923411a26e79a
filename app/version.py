"""The contract's version: ``info.version`` of openapi.yaml and every answer's
``X-API-Version`` header.

Semantic versioning of the contract (README, "Compatibility"): a minor version adds (fields,
endpoints, values of open enums, error codes); only a major version may remove or narrow
anything, and there is none planned. ``tests/contract/test_compatibility.py`` compares the
contract with the released snapshot and fails on a breaking change.

It is the product's one version (README, "Versions"): the rules' (``rules.RULES_VERSION``), the
packages', the clients', the image tag and CHANGELOG.md's newest entry say the same, and
``tests/contract/test_versions.py`` fails when one does not.
"""

CONTRACT_VERSION = "1.7.7"
