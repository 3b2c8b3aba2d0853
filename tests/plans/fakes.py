"""Loopback fakes of the two provider HTTP APIs, spoken to by the real SDK clients.

Each fake records every request it receives (so a test can prove that none arrived) and answers
from a script of queued responses, falling back to a default answer when the script is empty.
"""

from __future__ import annotations

import json
import threading
from collections import deque
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

VALID_STEPS = [
    "Open [TARGET_APP] and find the place where messages are written or read",
    "Locate the conversation or recipient the instruction refers to",
    "Carry out exactly what the instruction asks, keeping its values unchanged",
    "Check that the result matches the instruction",
]


@dataclass
class Recorded:
    method: str
    path: str
    headers: dict[str, str]
    body: Any


@dataclass
class Reply:
    """One scripted answer: an HTTP status and a JSON body."""

    status: int
    body: dict[str, Any]


@dataclass
class FakeProvider:
    """Base: subclasses turn plan text / refusals / errors into their API's JSON."""

    requests: list[Recorded] = field(default_factory=list)
    script: deque[Reply] = field(default_factory=deque)
    server: ThreadingHTTPServer | None = None
    _thread: threading.Thread | None = None

    # -- scripted answers ---------------------------------------------------------------------
    def plan(self, steps: list[str]) -> Reply:
        return self.text(json.dumps({"steps": steps}))

    def text(self, text: str) -> Reply:  # pragma: no cover - overridden
        raise NotImplementedError

    def refusal(self) -> Reply:  # pragma: no cover - overridden
        raise NotImplementedError

    def rate_limited(self) -> Reply:  # pragma: no cover - overridden
        raise NotImplementedError

    def server_error(self) -> Reply:
        return Reply(503, {"error": {"code": 503, "message": "overloaded", "status": "UNAVAILABLE"}})

    def queue(self, *replies: Reply) -> None:
        self.script.extend(replies)

    def default(self) -> Reply:
        return self.plan(VALID_STEPS)

    def matches(self, path: str) -> bool:  # pragma: no cover - overridden
        raise NotImplementedError

    # -- server -------------------------------------------------------------------------------
    @property
    def base_url(self) -> str:
        assert self.server is not None
        host, port = self.server.server_address[:2]
        return f"http://{host}:{port}"

    def start(self) -> FakeProvider:
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 - http.server naming
                length = int(self.headers.get("Content-Length") or 0)
                raw = self.rfile.read(length) if length else b""
                try:
                    body = json.loads(raw or b"null")
                except json.JSONDecodeError:
                    body = raw.decode(errors="replace")
                fake.requests.append(Recorded("POST", self.path, {k.lower(): v for k, v in self.headers.items()}, body))
                if not fake.matches(self.path):
                    reply = Reply(404, {"error": {"code": 404, "message": f"no route {self.path}", "status": "NOT_FOUND"}})
                else:
                    reply = fake.script.popleft() if fake.script else fake.default()
                payload = json.dumps(reply.body).encode()
                self.send_response(reply.status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(payload)))
                self.end_headers()
                self.wfile.write(payload)

            do_GET = do_POST  # noqa: N815

            def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - quiet
                return

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self._thread = threading.Thread(target=self.server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        if self.server is not None:
            self.server.shutdown()
            self.server.server_close()
            self.server = None


class FakeOpenAI(FakeProvider):
    """``POST /v1/chat/completions`` as the openai SDK calls it."""

    def matches(self, path: str) -> bool:
        return path.rstrip("/").endswith("/chat/completions")

    @property
    def sdk_base_url(self) -> str:
        return self.base_url + "/v1"

    def _completion(self, content: str | None, refusal: str | None, finish: str) -> Reply:
        return Reply(200, {
            "id": "chatcmpl-fake", "object": "chat.completion", "created": 0, "model": "fake-gpt",
            "choices": [{"index": 0, "message": {"role": "assistant", "content": content, "refusal": refusal},
                         "finish_reason": finish, "logprobs": None}],
            "usage": {"prompt_tokens": 10, "completion_tokens": 10, "total_tokens": 20},
        })

    def text(self, text: str) -> Reply:
        return self._completion(text, None, "stop")

    def refusal(self) -> Reply:
        return self._completion(None, "I can't help with that.", "stop")

    def rate_limited(self) -> Reply:
        return Reply(429, {"error": {"message": "Rate limit reached", "type": "rate_limit_error", "code": "rate_limit_exceeded"}})


class FakeGemini(FakeProvider):
    """``POST /{version}/models/{model}:generateContent`` as google-genai calls it."""

    def matches(self, path: str) -> bool:
        return ":generateContent" in path

    def text(self, text: str) -> Reply:
        return Reply(200, {
            "candidates": [{"content": {"role": "model", "parts": [{"text": text}]}, "finishReason": "STOP", "index": 0}],
            "modelVersion": "fake-gemini",
            "usageMetadata": {"promptTokenCount": 10, "candidatesTokenCount": 10, "totalTokenCount": 20},
        })

    def refusal(self) -> Reply:
        return Reply(200, {"promptFeedback": {"blockReason": "SAFETY"}, "modelVersion": "fake-gemini"})

    def safety_stop(self) -> Reply:
        return Reply(200, {"candidates": [{"finishReason": "SAFETY", "index": 0}], "modelVersion": "fake-gemini"})

    def rate_limited(self) -> Reply:
        return Reply(429, {"error": {"code": 429, "message": "Resource has been exhausted", "status": "RESOURCE_EXHAUSTED"}})
