"""A stand-in for the client socket gunicorn writes its own error pages to (tests of
app/gunicorn_errors.py): the bytes a ``util.write_nonblock`` call sent, kept."""

from __future__ import annotations


class SentBytes:
    """Enough of a socket for gunicorn's ``util.write_nonblock``."""

    def __init__(self) -> None:
        self.sent = b""

    def gettimeout(self) -> float:
        return 0.0

    def sendall(self, data: bytes) -> None:
        self.sent += data
