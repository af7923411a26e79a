"""End to end: the real gunicorn server answers a client app's calls over HTTP."""

from __future__ import annotations

import requests

PROBLEM = "application/problem+json"


def test_health(server_url):
    response = requests.get(f"{server_url}/healthz", timeout=5)
    assert response.status_code == 200 and response.json() == {"status": "ok"}


def test_evaluate_a_winning_hand(server_url):
    response = requests.post(f"{server_url}/evaluate", timeout=5, json={
        "variant": "qinzhou", "hand": ["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s",
                                       "1s", "1s", "1s", "E", "E"]})
    assert response.status_code == 200
    assert response.headers["Content-Type"] == "application/json"
    assert response.json()["winning"] is True


def test_evaluate_waits_in_chinese_notation(server_url):
    response = requests.post(f"{server_url}/evaluate", timeout=5, json={
        "variant": "guangdong", "hand": "一万一万一万二万三万四万五万六万七万八万九万九万九万"})
    body = response.json()
    assert body["reason"] == "waiting" and len(body["waits"]) == 9


def test_variants(server_url):
    body = requests.get(f"{server_url}/variants", timeout=5).json()
    assert {v["name"] for v in body["variants"]} == {"xingguo", "nanchang", "qinzhou",
                                                      "guangdong"}


def test_errors_over_the_wire_are_problem_json(server_url):
    bad_json = requests.post(f"{server_url}/evaluate", data=b"{", timeout=5,
                             headers={"Content-Type": "application/json"})
    assert bad_json.status_code == 400 and bad_json.headers["Content-Type"] == PROBLEM
    too_big = requests.post(f"{server_url}/evaluate", data=b"[" + b"1," * 40000 + b"1]",
                            timeout=5, headers={"Content-Type": "application/json"})
    assert too_big.status_code == 413 and too_big.headers["Content-Type"] == PROBLEM
    wrong_type = requests.post(f"{server_url}/evaluate", data=b"{}", timeout=5,
                               headers={"Content-Type": "text/plain"})
    assert wrong_type.status_code == 415
    invalid = requests.post(f"{server_url}/evaluate", timeout=5,
                            json={"variant": "qinzhou", "hand": "1m" * 15})
    assert invalid.status_code == 422
    assert invalid.json()["errors"][0]["field"] == "hand"
