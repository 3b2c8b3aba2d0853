"""The run ledger: every final record a run writes, with the sha256 of the record and of every
artifact in its episode directory, appended to one hash chain (``<run>/ledger.jsonl``).

The chain is the C2 plan audit log's (:mod:`pytest_anyapp.plans.audit`): one JSON line per entry,
each carrying the sha256 of the previous line, so an edited, deleted, inserted or reordered line
breaks it. Entries:

* ``record``: ``{test_id, attempt, status, path, sha256, artifacts: {relative path: sha256}}``,
  written by :class:`~pytest_anyapp.records.store.RunStore` whenever a final record is written
  (a record rewritten in place — a failed user hook — gets a later entry for the same path);
* ``supersede``: ``{test_id, moved_to}``: ``--rerun-invalid`` moved an episode directory aside; its
  earlier entries now live there (kept, still checked);
* ``prune``: ``{paths, reason}``: artifacts removed on purpose (screenshots pruned for space),
  reported as "pruned", never as tampering.

Truncating the tail leaves a valid chain: a head signed with an Ed25519 key the user holds
(``--sign-key``, ``ledger.sig.json``) makes that checkable; an unsigned run says "tail not checkable".
xdist workers append under a blocking file lock; verification depends only on the file's order.
"""

from __future__ import annotations

import base64
import hashlib
from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field

from pytest_anyapp.plans.audit import append_shared, read_records, verify_chain
from pytest_anyapp.seeding import canonical_json

LEDGER = "ledger.jsonl"
SIGNATURE = "ledger.sig.json"
RECORD_FILE = "episode.json"


class LedgerHead(BaseModel):
    """What a signature covers: the run, how many entries, the last entry's hash."""

    run_id: str
    entries: int
    head_sha256: str


class LedgerSignature(BaseModel):
    head: LedgerHead
    algorithm: str = "ed25519"
    public_key: str = Field(description="Raw public key, base64 (for display; verify with the key you trust).")
    signature: str = Field(description="base64 signature over the canonical JSON of ``head``.")


def ledger_path(run_dir: Path) -> Path:
    return Path(run_dir) / LEDGER


def file_sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def artifact_hashes(episode_dir: Path) -> dict[str, str]:
    """sha256 of every file the episode directory holds besides the record (screenshots, UI dumps,
    snapshots), by path relative to the directory."""
    return {p.relative_to(episode_dir).as_posix(): file_sha256(p)
            for p in sorted(episode_dir.rglob("*")) if p.is_file() and p.name != RECORD_FILE}


def _header(run_dir: Path) -> dict[str, Any]:
    return {"ledger": "anyapp run ledger", "run_id": Path(run_dir).name}


def append_record(run_dir: Path, test_id: str, attempt: int, status: str) -> None:
    """Ledger the record just written at ``<run>/<test_id>/episode.json`` and its artifacts."""
    episode_dir = Path(run_dir) / test_id
    append_shared(ledger_path(run_dir), "record", {
        "test_id": test_id, "attempt": attempt, "status": status, "path": f"{test_id}/{RECORD_FILE}",
        "sha256": file_sha256(episode_dir / RECORD_FILE), "artifacts": artifact_hashes(episode_dir),
    }, header=_header(run_dir))


def append_supersede(run_dir: Path, test_id: str, moved_to: Path) -> None:
    append_shared(ledger_path(run_dir), "supersede", {
        "test_id": test_id, "moved_to": moved_to.relative_to(run_dir).as_posix(),
    }, header=_header(run_dir))


def prune(run_dir: Path, pattern: str, reason: str) -> list[str]:
    """Delete the artifacts matching ``pattern`` (a glob relative to the run, e.g. ``*/*.png``),
    never a record, and ledger what was removed and why."""
    run_dir = Path(run_dir)
    removed = sorted(p.relative_to(run_dir).as_posix() for p in run_dir.glob(pattern)
                     if p.is_file() and p.name not in (RECORD_FILE, LEDGER, SIGNATURE))
    for rel in removed:
        (run_dir / rel).unlink()
    if removed:
        append_shared(ledger_path(run_dir), "prune", {"paths": removed, "reason": reason}, header=_header(run_dir))
    return removed


def head(run_dir: Path) -> LedgerHead | None:
    records, _ = read_records(ledger_path(run_dir))
    if not records:
        return None
    return LedgerHead(run_id=Path(run_dir).name, entries=len(records), head_sha256=records[-1].record_sha256)


def sign(run_dir: Path, private_key_pem: Path) -> LedgerSignature:
    """Sign the ledger's head with an Ed25519 private key (PEM) and write ``ledger.sig.json``."""
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

    current = head(run_dir)
    if current is None:
        raise ValueError(f"{run_dir} has no ledger to sign")
    key = serialization.load_pem_private_key(Path(private_key_pem).read_bytes(), password=None)
    if not isinstance(key, Ed25519PrivateKey):
        raise ValueError(f"{private_key_pem} is not an Ed25519 private key")
    raw_public = key.public_key().public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)
    signature = LedgerSignature(
        head=current, public_key=base64.b64encode(raw_public).decode(),
        signature=base64.b64encode(key.sign(canonical_json(current.model_dump()).encode())).decode())
    (Path(run_dir) / SIGNATURE).write_text(signature.model_dump_json(indent=1) + "\n")
    return signature


def check_signature(run_dir: Path, public_key_pem: Path) -> list[str]:
    """Problems with the signed head: a bad signature, or a ledger that no longer ends where it did."""
    from cryptography.exceptions import InvalidSignature
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

    path = Path(run_dir) / SIGNATURE
    if not path.exists():
        return [f"{SIGNATURE}: missing (the run was not signed)"]
    signed = LedgerSignature.model_validate_json(path.read_text())
    key = serialization.load_pem_public_key(Path(public_key_pem).read_bytes())
    if not isinstance(key, Ed25519PublicKey):
        return [f"{public_key_pem} is not an Ed25519 public key"]
    try:
        key.verify(base64.b64decode(signed.signature), canonical_json(signed.head.model_dump()).encode())
    except InvalidSignature:
        return [f"{SIGNATURE}: the signature does not verify with {public_key_pem}"]
    records, _ = read_records(ledger_path(run_dir))
    n = signed.head.entries
    if len(records) < n:
        return [f"{LEDGER}: the signed head covers {n} entries but the ledger has {len(records)} (tail truncated)"]
    if records[n - 1].record_sha256 != signed.head.head_sha256:
        return [f"{LEDGER}: entry {n - 1} is not the signed head"]
    return []


__all__ = ["LEDGER", "SIGNATURE", "LedgerHead", "LedgerSignature", "append_record", "append_supersede",
           "artifact_hashes", "check_signature", "file_sha256", "head", "ledger_path", "prune", "sign",
           "verify_chain"]
