"""Real HTTP stand-ins for model endpoints, on loopback, replaying scripted model outputs.

The adapters talk to these through the real ``openai`` and ``google-genai`` clients, so the tests
see exactly the JSON those clients put on the wire. Every request body is recorded.
"""

from __future__ import annotations

import json
import threading
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclass
class Fail:
    """A scripted HTTP error instead of a model answer."""

    status: int
    message: str = "scripted failure"


Scripted = str | Fail
#: Computes a reply from the request body, for outputs that depend on what the adapter sent.
Responder = Callable[[dict[str, Any]], Scripted]


@dataclass
class _State:
    replies: deque[Scripted] = field(default_factory=deque)
    requests: list[dict[str, Any]] = field(default_factory=list)
    paths: list[str] = field(default_factory=list)
    models: list[dict[str, Any]] = field(default_factory=list)
    routes: dict[str, deque[Scripted]] = field(default_factory=dict)
    responder: Responder | None = None
    lock: threading.Lock = field(default_factory=threading.Lock)

    def reply_to(self, body: dict[str, Any], prompt_text: str = "") -> Scripted:
        """The responder's answer if one is set, else the next scripted reply."""
        responder = self.responder
        return responder(body) if responder is not None else self.next_reply(prompt_text)

    def next_reply(self, prompt_text: str = "") -> Scripted:
        """The next reply of the first route whose key is in the prompt, else of the main script."""
        with self.lock:
            queue = next((q for key, q in self.routes.items() if key in prompt_text), self.replies)
            if not queue:
                return Fail(400, "script exhausted: the test did not expect another model call")
            return queue.popleft()


def prompt_text(body: dict[str, Any]) -> str:
    """All text of an OpenAI chat request, to route replies by what the prompt says."""
    out = []
    for message in body.get("messages", []):
        content = message.get("content")
        if isinstance(content, str):
            out.append(content)
        elif isinstance(content, list):
            out.extend(p.get("text", "") for p in content if isinstance(p, dict))
    return "\n".join(out)


class _Server:
    """Common lifecycle: bind 127.0.0.1 on a free port, serve in a daemon thread."""

    handler: type[BaseHTTPRequestHandler]

    def __init__(self) -> None:
        self.state = _State()
        state = self.state

        class Handler(self.handler):  # type: ignore[misc, valid-type, name-defined]
            pass

        Handler.state = state  # type: ignore[attr-defined]
        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._httpd.daemon_threads = True
        self._thread = threading.Thread(target=self._httpd.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True)

    @property
    def port(self) -> int:
        return int(self._httpd.server_address[1])

    def script(self, *replies: Scripted) -> None:
        with self.state.lock:
            self.state.replies.extend(replies)

    def route(self, key: str, *replies: Scripted) -> None:
        """Replies for requests whose prompt contains ``key`` (one episode's goal, say)."""
        with self.state.lock:
            self.state.routes.setdefault(key, deque()).extend(replies)

    def respond(self, responder: Responder) -> None:
        """Answer every request with ``responder(body)`` instead of the script and routes."""
        self.state.responder = responder

    @property
    def requests(self) -> list[dict[str, Any]]:
        return self.state.requests

    @property
    def remaining(self) -> int:
        return len(self.state.replies)

    def start(self) -> _Server:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()
        self._thread.join(timeout=5)

    def __enter__(self) -> _Server:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


class _JSONHandler(BaseHTTPRequestHandler):
    state: _State
    protocol_version = "HTTP/1.1"

    def log_message(self, format: str, *args: Any) -> None:
        return

    def _send(self, status: int, body: dict[str, Any]) -> None:
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def _body(self) -> dict[str, Any]:
        length = int(self.headers.get("Content-Length", "0"))
        return json.loads(self.rfile.read(length) or b"{}")


class _OpenAIHandler(_JSONHandler):
    def do_GET(self) -> None:
        self.state.paths.append(self.path)
        if self.path.rstrip("/").endswith("/v1/models"):
            self._send(200, {"object": "list", "data": self.state.models})
        else:
            self._send(404, {"error": {"message": f"no route {self.path}"}})

    def do_POST(self) -> None:
        self.state.paths.append(self.path)
        if not self.path.endswith("/v1/chat/completions"):
            self._send(404, {"error": {"message": f"no route {self.path}"}})
            return
        body = self._body()
        self.state.requests.append(body)
        reply = self.state.reply_to(body, prompt_text(body))
        if isinstance(reply, Fail):
            self._send(reply.status, {"error": {"message": reply.message, "type": "scripted", "code": reply.status}})
            return
        self._send(200, {
            "id": f"chatcmpl-{len(self.state.requests)}",
            "object": "chat.completion",
            "created": 0,
            "model": body.get("model", ""),
            "choices": [{
                "index": 0,
                "message": {"role": "assistant", "content": reply},
                "finish_reason": "stop",
            }],
            "usage": {"prompt_tokens": 100 + len(self.state.requests), "completion_tokens": len(reply),
                      "total_tokens": 100 + len(self.state.requests) + len(reply)},
        })


class FakeOpenAIServer(_Server):
    """``/v1/models`` + ``/v1/chat/completions`` (vLLM-shaped, including ``max_model_len``)."""

    handler = _OpenAIHandler

    def __init__(self, model: str = "test-model", max_model_len: int = 32768) -> None:
        super().__init__()
        self.state.models = [{"id": model, "object": "model", "created": 0, "owned_by": "vllm",
                              "max_model_len": max_model_len}]

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    @property
    def paths(self) -> list[str]:
        return self.state.paths


class _GeminiHandler(_JSONHandler):
    def do_GET(self) -> None:
        self.state.paths.append(self.path)
        name = self.path.split("?")[0].split("/models/", 1)[-1]
        self._send(200, {"name": f"models/{name}", "version": "test-001", "inputTokenLimit": 1048576,
                         "outputTokenLimit": 65536})

    def do_POST(self) -> None:
        self.state.paths.append(self.path)
        if ":generateContent" not in self.path:
            self._send(404, {"error": {"code": 404, "message": f"no route {self.path}", "status": "NOT_FOUND"}})
            return
        body = self._body()
        self.state.requests.append(body)
        reply = self.state.reply_to(body)
        if isinstance(reply, Fail):
            status = "RESOURCE_EXHAUSTED" if reply.status == 429 else "INTERNAL"
            self._send(reply.status, {"error": {"code": reply.status, "message": reply.message, "status": status}})
            return
        self._send(200, {
            "candidates": [{"content": {"role": "model", "parts": [{"text": reply}]}, "finishReason": "STOP"}],
            "usageMetadata": {"promptTokenCount": 200, "candidatesTokenCount": len(reply),
                              "totalTokenCount": 200 + len(reply)},
            "modelVersion": "test-001",
        })


class FakeGeminiServer(_Server):
    """``models/{m}:generateContent`` and ``models/{m}`` as the Gemini REST API shapes them."""

    handler = _GeminiHandler

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def paths(self) -> list[str]:
        return self.state.paths
