"""Samples of what Android 13 prints: the corpus parsers and the simulated device are checked against.

A sample is one command line's output for one described device state, written from AOSP source (or,
later, captured from a real device). It lives in ``tests/android_outputs/<command>/<case>.txt``:

    # command: dumpsys alarm
    # exit: 0
    # cite: aosp-mirror/platform_frameworks_base@<tag or commit> path/to/File.java#Class.method
    # nearest: <revision read, when not the android-13 tag itself>
    # excerpt: true                                 (only when runs of unparsed lines are left out)
    # state: {"alarms": [...]}                      (one JSON line, schema per command: README)
    # varies: pid=pid=(\\d+)                         (name=regex; repeatable)
    # left-out: [ ]{4}codePath=.*                 (excerpt: a line Android prints that the body leaves out)
    # note: free text                               (repeatable)
    ----- stdout -----
    <raw output, byte-exact>
    ----- stderr -----
    <raw output, byte-exact>

Each stream section starts with its separator line; every section but the last is followed by one
framing newline that is not part of the output, the last runs to the end of the file. So a body keeps
its trailing newlines, indentation and blank lines exactly. ``dump_sample`` writes the same format, so a
capture tool and a hand-written sample cannot drift apart.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

Stream = Literal["stdout", "stderr"]
STREAMS: tuple[Stream, ...] = ("stdout", "stderr")
SEPARATOR = re.compile(r"^----- (stdout|stderr) -----\n", re.MULTILINE)
_CITE = re.compile(r"^(?P<repo>[^@\s]+)@(?P<revision>\S+) (?P<file>\S+?)(?:#(?P<identifier>\S.*))?$")
# Keys a header line may carry; cite/varies/note repeat, the others appear at most once.
_SINGLE = {"command", "exit", "nearest", "state", "source", "excerpt"}
_REPEATED = {"cite", "varies", "note", "left-out"}


class SampleFormatError(ValueError):
    """A sample file that does not follow the format: loading fails loudly rather than skip it."""


class Citation(BaseModel):
    """Where in public source the output is printed: repository, tag or commit, file, method."""

    model_config = ConfigDict(frozen=True)
    repo: str
    revision: str
    file: str
    identifier: str = ""

    def line(self) -> str:
        return f"{self.repo}@{self.revision} {self.file}" + (f"#{self.identifier}" if self.identifier else "")


class AndroidSample(BaseModel):
    """One command's output for one device state, as Android 13 prints it."""

    model_config = ConfigDict(frozen=True)
    command: str = Field(description="the shell command line, as the harness sends it")
    exit: int = Field(description="exit status of the command line")
    streams: dict[Stream, str] = Field(description="raw output per stream, byte-exact")
    citations: list[Citation] = Field(min_length=1)
    nearest: str = Field("", description="revision read when the android-13 tag itself could not be; '' = the tag")
    source: Literal["aosp", "capture"] = Field("aosp", description="written from source, or captured from a device")
    excerpt: bool = Field(False, description="Android prints more lines than the body (the notes say which): every "
                          "body line is printed, in this order, but runs of unparsed lines are left out")
    state: dict[str, Any] = Field(default_factory=dict, description="device state the output is for (README)")
    varies: dict[str, str] = Field(default_factory=dict, description="placeholder name -> regex of a varying field")
    left_out: list[str] = Field(default_factory=list, description="excerpt only: regexes of whole lines Android prints "
                                "that the body leaves out (a renderer's line matching one is not compared)")
    notes: list[str] = Field(default_factory=list)
    group: str = Field("", description="the <command> directory the sample is filed under")
    case: str = Field("", description="file stem: the case name")

    @field_validator("varies")
    @classmethod
    def _compiles(cls, varies: dict[str, str]) -> dict[str, str]:
        for name, pattern in varies.items():
            try:
                re.compile(pattern)
            except re.error as exc:
                raise ValueError(f"varies {name}: {exc}") from exc
        return varies

    @field_validator("left_out")
    @classmethod
    def _left_out_compiles(cls, left_out: list[str]) -> list[str]:
        for pattern in left_out:
            try:
                re.compile(pattern)
            except re.error as exc:
                raise ValueError(f"left-out {pattern!r}: {exc}") from exc
        return left_out

    def is_left_out(self, line: str) -> bool:
        """Whether ``line`` is one the excerpt says it leaves out (``left-out`` header)."""
        return any(re.fullmatch(p, line) for p in self.left_out)

    @property
    def stdout(self) -> str:
        return self.streams.get("stdout", "")

    @property
    def stderr(self) -> str:
        return self.streams.get("stderr", "")

    def normalised(self, stream: Stream = "stdout") -> str:
        return normalise(self.streams.get(stream, ""), self.varies)


def normalise(text: str, varies: dict[str, str]) -> str:
    """Replace each varying field by ``<name>``: the whole match, or only its groups when it has any
    (``pid=(\\d+)`` keeps ``pid=`` and hides the number). Patterns apply in order, multiline."""
    for name, pattern in varies.items():
        rx = re.compile(pattern, re.MULTILINE)

        def repl(m: re.Match[str], name: str = name) -> str:
            if not m.re.groups:
                return f"<{name}>"
            out, pos = [], m.start()
            for g in range(1, m.re.groups + 1):
                if m.start(g) < 0:
                    continue
                out += [m.string[pos:m.start(g)], f"<{name}>"]
                pos = m.end(g)
            out.append(m.string[pos:m.end()])
            return "".join(out)

        text = rx.sub(repl, text)
    return text


def parse_sample(text: str, *, group: str = "", case: str = "") -> AndroidSample:
    seps = list(SEPARATOR.finditer(text))
    if not seps:
        raise SampleFormatError("no '----- stdout -----' / '----- stderr -----' separator line")
    single: dict[str, str] = {}
    repeated: dict[str, list[str]] = {k: [] for k in _REPEATED}
    for raw in text[:seps[0].start()].splitlines():
        if not raw.strip():
            continue
        if not raw.startswith("# ") or ":" not in raw:
            raise SampleFormatError(f"header line is not '# key: value': {raw!r}")
        key, _, value = raw[2:].partition(":")
        key, value = key.strip(), value.strip()
        if key in _REPEATED:
            repeated[key].append(value)
        elif key in _SINGLE:
            if key in single:
                raise SampleFormatError(f"header key {key!r} given twice")
            single[key] = value
        else:
            raise SampleFormatError(f"unknown header key {key!r}")
    streams: dict[Stream, str] = {}
    for i, sep in enumerate(seps):
        name: Stream = "stdout" if sep.group(1) == "stdout" else "stderr"
        if name in streams:
            raise SampleFormatError(f"stream {name} given twice")
        if i + 1 < len(seps):
            end = seps[i + 1].start()
            if end == sep.end() or text[end - 1] != "\n":
                raise SampleFormatError(f"section {name} lacks its framing newline before the next separator")
            streams[name] = text[sep.end():end - 1]
        else:
            streams[name] = text[sep.end():]
    citations = []
    for line in repeated["cite"]:
        m = _CITE.match(line)
        if not m:
            raise SampleFormatError(f"cite is not 'owner/repo@revision path#identifier': {line!r}")
        citations.append(Citation(**{k: v or "" for k, v in m.groupdict().items()}))
    varies: dict[str, str] = {}
    for line in repeated["varies"]:
        key, eq, pattern = line.partition("=")
        if not eq or not key.strip():
            raise SampleFormatError(f"varies is not 'name=regex': {line!r}")
        varies[key.strip()] = pattern
    try:
        state = json.loads(single.get("state", "{}"))
        exit_status = int(single["exit"])
        command = single["command"]
    except (KeyError, ValueError) as exc:
        raise SampleFormatError(f"header: {exc}") from exc
    if not isinstance(state, dict):
        raise SampleFormatError("state is not a JSON object")
    if single.get("excerpt", "false") not in ("true", "false"):
        raise SampleFormatError("excerpt is not true/false")
    return AndroidSample(command=command, exit=exit_status, streams=streams, citations=citations,
                         nearest=single.get("nearest", ""), source=single.get("source", "aosp"),
                         excerpt=single.get("excerpt") == "true", state=state, varies=varies, notes=repeated["note"],
                         left_out=repeated["left-out"],
                         group=group, case=case)


def dump_sample(sample: AndroidSample) -> str:
    """The file text of a sample: ``parse_sample(dump_sample(s))`` gives ``s`` back."""
    lines = [f"# command: {sample.command}", f"# exit: {sample.exit}"]
    lines += [f"# cite: {c.line()}" for c in sample.citations]
    if sample.nearest:
        lines.append(f"# nearest: {sample.nearest}")
    if sample.source != "aosp":
        lines.append(f"# source: {sample.source}")
    if sample.excerpt:
        lines.append("# excerpt: true")
    lines.append(f"# state: {json.dumps(sample.state, sort_keys=True, ensure_ascii=False)}")
    lines += [f"# varies: {k}={v}" for k, v in sample.varies.items()]
    lines += [f"# left-out: {p}" for p in sample.left_out]
    lines += [f"# note: {n}" for n in sample.notes]
    sections = [f"----- {name} -----\n{sample.streams[name]}" for name in STREAMS if name in sample.streams]
    return "\n".join(lines) + "\n" + "\n".join(sections)


def load_sample(path: Path) -> AndroidSample:
    try:
        return parse_sample(path.read_text(encoding="utf-8"), group=path.parent.name, case=path.stem)
    except (SampleFormatError, ValueError) as exc:
        raise SampleFormatError(f"{path}: {exc}") from exc


def load_samples(root: Path) -> list[AndroidSample]:
    """Every ``<command>/<case>.txt`` under ``root``, sorted by path."""
    return [load_sample(p) for p in sorted(root.glob("*/*.txt"))]
