"""The contract's version: ``info.version`` of openapi.yaml and every answer's
``X-API-Version`` header.

Semantic versioning of the contract (README, "Compatibility"): a minor version adds (fields,
endpoints, values of open enums, error codes); only a major version may remove or narrow
anything, and there is none planned. ``tests/contract/test_compatibility.py`` compares the
contract with the released snapshot and fails on a breaking change.
"""

CONTRACT_VERSION = "1.4.0"
