"""``anyapp apps``: download (parallel, resumable, verified), install (APK and split bundle), grant,
attest — on a simulated device with real APK files, from a loopback HTTP server."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from apkfiles import build_apk, build_xapk
from loopback import serve
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, Response
from starlette.routing import Route

from pytest_anyapp.catalog import app_by_id
from pytest_anyapp.cli import main as anyapp
from pytest_anyapp.options import LaneSpec
from pytest_anyapp.pool.connect import adb_device, connect_lane
from pytest_anyapp.provision.attest import attest_lanes
from pytest_anyapp.provision.bundle import open_bundle
from pytest_anyapp.provision.download import download_all, file_sha256
from pytest_anyapp.provision.install import grant_app, install_app
from pytest_anyapp.provision.sources import ApkSource, DownloadLock, SourceCatalog
from pytest_anyapp.sim.testing import RunningDevice

CLOCKYOU = app_by_id("clock_clockyou")        # pinned 9.1 (19)
FOSSIFY_CONTACTS = app_by_id("contacts_fossify_contacts")  # pinned 1.6.0 (13)
XPLORE = app_by_id("files_x_plore_file_manager")  # pinned 4.43.01 (44301), ships as .xapk
CFAIT = app_by_id("tasks_cfait")              # pinned version, no pinned APK hash


class FileServer:
    """Serves a directory (with HTTP Range, as Starlette's FileResponse does) and logs requests."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.requests: list[tuple[str, str | None]] = []

    async def file(self, request: Request) -> Response:
        name = request.path_params["name"]
        self.requests.append((name, request.headers.get("range")))
        path = self.root / name
        return FileResponse(path) if path.exists() else Response(status_code=404)

    def app(self) -> Starlette:
        return Starlette(routes=[Route("/files/{name}", self.file)])


@pytest.fixture(scope="module")
def artifacts(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The real files (what a mirror would serve) built once."""
    d = tmp_path_factory.mktemp("artifacts")
    return {
        "clockyou": build_apk(d / "com.bnyro.clock_19.apk", CLOCKYOU.package, version_code=19, version_name="9.1",
                              permissions=["android.permission.POST_NOTIFICATIONS",
                                           "android.permission.READ_CONTACTS"]),
        "contacts": build_apk(d / "org.fossify.contacts_13.apk", FOSSIFY_CONTACTS.package, version_code=13,
                              version_name="1.6.0",
                              permissions=["android.permission.READ_CONTACTS", "android.permission.WRITE_CONTACTS",
                                           "android.permission.CALL_PHONE"]),
        "contacts_old": build_apk(d / "old.apk", FOSSIFY_CONTACTS.package, version_code=12, version_name="1.5.9"),
        "xplore": build_xapk(d / "com.lonelycatgames.Xplore_44301.xapk", XPLORE.package, version_code=44301,
                             version_name="4.43.01", splits=["config.x86_64", "config.en"]),
        "cfait": build_apk(d / "com.trougnouf.cfait.apk", CFAIT.package, version_code=CFAIT.version_code or 0,
                           version_name=CFAIT.version_name or ""),
    }


def _sources(base_url: str, art: dict[str, Path]) -> list[ApkSource]:
    return [
        ApkSource(app_id=CLOCKYOU.app_id, package=CLOCKYOU.package, file_name="com.bnyro.clock_19.apk",
                  url=f"{base_url}/files/com.bnyro.clock_19.apk", sha256=file_sha256(art["clockyou"])),
        ApkSource(app_id=FOSSIFY_CONTACTS.app_id, package=FOSSIFY_CONTACTS.package,
                  file_name="org.fossify.contacts_13.apk", url=f"{base_url}/files/org.fossify.contacts_13.apk",
                  sha256=file_sha256(art["contacts"])),
        ApkSource(app_id=XPLORE.app_id, package=XPLORE.package, file_name="com.lonelycatgames.Xplore_44301.xapk",
                  url=f"{base_url}/files/com.lonelycatgames.Xplore_44301.xapk", sha256=file_sha256(art["xplore"])),
        ApkSource(app_id=CFAIT.app_id, package=CFAIT.package, file_name="com.trougnouf.cfait.apk",
                  url=f"{base_url}/files/com.trougnouf.cfait.apk"),
    ]


def test_download_parallel_verified_resumed_and_corrupt(tmp_path: Path, artifacts: dict[str, Path]) -> None:
    mirror = tmp_path / "mirror"
    mirror.mkdir()
    for key in ("clockyou", "xplore", "cfait"):
        (mirror / artifacts[key].name).write_bytes(artifacts[key].read_bytes())
    # The mirror serves a damaged contacts APK: same name, flipped bytes.
    good = artifacts["contacts"].read_bytes()
    (mirror / "org.fossify.contacts_13.apk").write_bytes(good[:100] + bytes([good[100] ^ 0xFF]) + good[101:])
    dest = tmp_path / "apks"
    dest.mkdir()
    # An interrupted earlier download left the first half of the .xapk behind.
    xapk = artifacts["xplore"].read_bytes()
    (dest / "com.lonelycatgames.Xplore_44301.xapk.part").write_bytes(xapk[: len(xapk) // 2])
    server = FileServer(mirror)
    seen: list[tuple[str, int, int | None]] = []
    with serve(server.app()) as url:
        results = {r.app_id: r for r in download_all(_sources(url, artifacts), dest, parallel=4,
                                                      on_progress=lambda n, a, t: seen.append((n, a, t)))}
    assert results[CLOCKYOU.app_id].status == "downloaded" and results[CLOCKYOU.app_id].pinned
    assert (dest / "com.bnyro.clock_19.apk").read_bytes() == artifacts["clockyou"].read_bytes()
    # resumed with a Range request from the part file's size, and verified whole
    assert ("com.lonelycatgames.Xplore_44301.xapk", f"bytes={len(xapk) // 2}-") in server.requests
    assert (dest / "com.lonelycatgames.Xplore_44301.xapk").read_bytes() == xapk
    # corrupted: failed with both hashes named, bad bytes kept aside, never under the real name
    bad = results[FOSSIFY_CONTACTS.app_id]
    assert bad.status == "failed" and "sha256 mismatch" in bad.message
    assert file_sha256(artifacts["contacts"]) in bad.message
    assert not (dest / "org.fossify.contacts_13.apk").exists()
    assert (dest / "org.fossify.contacts_13.apk.corrupt").exists()
    # no known hash: the computed one is recorded and the app flagged unpinned
    lock = DownloadLock.load(dest)
    assert lock.entries[CFAIT.app_id].sha256 == file_sha256(artifacts["cfait"])
    assert lock.entries[CFAIT.app_id].pinned is False and lock.entries[CLOCKYOU.app_id].pinned is True
    assert FOSSIFY_CONTACTS.app_id not in lock.entries
    assert {n for n, _, _ in seen} >= {"com.bnyro.clock_19.apk", "com.trougnouf.cfait.apk"}
    # a second run finds everything present and verified, with no new request for those files
    before = len(server.requests)
    again = download_all([s for s in _sources("http://127.0.0.1:9", artifacts) if s.app_id != FOSSIFY_CONTACTS.app_id],
                         dest)
    assert {r.status for r in again} == {"present"} and len(server.requests) == before


def test_cli_download_reports_unpinned_and_failure(tmp_path: Path, artifacts: dict[str, Path],
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    mirror = tmp_path / "mirror"
    mirror.mkdir()
    (mirror / "com.trougnouf.cfait.apk").write_bytes(artifacts["cfait"].read_bytes())
    with serve(FileServer(mirror).app()) as url:
        sources = tmp_path / "sources.json"
        picked = [s for s in _sources(url, artifacts) if s.app_id in (CFAIT.app_id, CLOCKYOU.app_id)]
        sources.write_text(SourceCatalog(sources=picked).model_dump_json())
        code = anyapp(["apps", "download", "--sources", str(sources), "--apk-dir", str(tmp_path / "apks"),
                       "--apps", f"{CFAIT.app_id},{CLOCKYOU.app_id}", "--no-progress"])
    out = capsys.readouterr().out
    assert code == 1  # clockyou is missing on the mirror
    assert "UNPINNED" in out and f"failed     {CLOCKYOU.app_id}" in out
    assert "1 unpinned" in out


def test_shipped_sources_match_the_catalog() -> None:
    from pytest_anyapp.provision.sources import load_sources

    catalog = load_sources()
    assert len(catalog.sources) == 52
    assert catalog.get("files_x_plore_file_manager").kind == "xapk"
    assert catalog.get("sms_quik_sms").url == "https://f-droid.org/repo/dev.octoshrimpy.quik.fdroid_2238.apk"
    assert catalog.get("sms_google_messages").url is None


def test_bundle_reader_orders_base_first_and_rejects_two_bases(tmp_path: Path, artifacts: dict[str, Path]) -> None:
    with open_bundle(artifacts["xplore"]) as bundle:
        assert bundle.base.split is None and [a.split for a in bundle.apks[1:]] == ["config.en", "config.x86_64"]
    import zipfile

    two = tmp_path / "two.apks"
    with zipfile.ZipFile(two, "w") as zf:
        zf.write(artifacts["cfait"], "a.apk")
        zf.write(artifacts["cfait"], "b.apk")
    from pytest_anyapp.errors import ConfigError

    with pytest.raises(ConfigError, match="exactly one base APK, found 2"):
        open_bundle(two)


def test_install_grant_attest_on_a_lane(tmp_path: Path, artifacts: dict[str, Path], lane: LaneSpec,
                                        module_device: RunningDevice, adb_server: int) -> None:
    apk_dir = tmp_path / "apks"
    apk_dir.mkdir()
    for key in ("clockyou", "xplore", "cfait"):
        (apk_dir / artifacts[key].name).write_bytes(artifacts[key].read_bytes())
    (apk_dir / "org.fossify.contacts_13.apk").write_bytes(artifacts["contacts_old"].read_bytes())
    catalog = SourceCatalog(sources=_sources("http://127.0.0.1:9", artifacts))
    catalog = SourceCatalog(sources=[s if s.app_id != FOSSIFY_CONTACTS.app_id else s.model_copy(update={"sha256": None})
                                     for s in catalog.sources])
    device = connect_lane(lane, "127.0.0.1", adb_server)
    adb = adb_device(lane, "127.0.0.1", adb_server)

    ok = install_app(device, adb, CLOCKYOU, catalog.get(CLOCKYOU.app_id), apk_dir)
    assert ok.ok, ok.message
    assert device.package_version(CLOCKYOU.package) == ("9.1", 19)

    split = install_app(device, adb, XPLORE, catalog.get(XPLORE.app_id), apk_dir)
    assert split.ok and "3 splits" in split.message, split.message
    paths = device.check(f"pm path {XPLORE.package}").split()
    assert paths[0].endswith("/base.apk") and sorted(p.rsplit("/", 1)[1] for p in paths[1:]) == [
        "split_config.en.apk", "split_config.x86_64.apk"]

    # The simulated device preinstalls every category's app doubles (Fossify Contacts too): remove it
    # first, so the wrong-version install meets a device without the app, as a fresh emulator.
    device.check(f"pm uninstall {FOSSIFY_CONTACTS.package}")
    wrong = install_app(device, adb, FOSSIFY_CONTACTS, catalog.get(FOSSIFY_CONTACTS.app_id), apk_dir)
    assert not wrong.ok
    assert "versionName 1.5.9 (versionCode 12)" in wrong.message
    assert "versionName 1.6.0 (versionCode 13)" in wrong.message
    assert FOSSIFY_CONTACTS.package not in device.installed_packages()

    granted = grant_app(device, CLOCKYOU)
    assert granted.ok and "POST_NOTIFICATIONS" in granted.message
    assert module_device.device.packages.is_granted(CLOCKYOU.package, "android.permission.POST_NOTIFICATIONS")
    # READ_CONTACTS is declared (runtime) but not a clock permission: never granted by us
    assert not module_device.device.packages.is_granted(CLOCKYOU.package, "android.permission.READ_CONTACTS")

    att = attest_lanes([(lane.key, device)], [CLOCKYOU, XPLORE, FOSSIFY_CONTACTS], bundles=frozenset({XPLORE.app_id}))
    by_id = {a.app_id: a for a in att.lanes[0].apps}
    assert by_id[CLOCKYOU.app_id].matches_pin
    assert by_id[CLOCKYOU.app_id].base_apk_sha256 == file_sha256(artifacts["clockyou"])
    assert by_id[XPLORE.app_id].matches_pin and len(by_id[XPLORE.app_id].split_sha256) == 2
    assert not by_id[FOSSIFY_CONTACTS.app_id].installed and not att.ok


def test_cli_install_and_attest(tmp_path: Path, artifacts: dict[str, Path], lane: LaneSpec, adb_server: int,
                                capsys: pytest.CaptureFixture[str]) -> None:
    apk_dir = tmp_path / "apks"
    apk_dir.mkdir()
    (apk_dir / artifacts["cfait"].name).write_bytes(artifacts["cfait"].read_bytes())
    sources = tmp_path / "sources.json"
    sources.write_text(SourceCatalog(sources=[s for s in _sources("http://127.0.0.1:9", artifacts)
                                              if s.app_id == CFAIT.app_id]).model_dump_json())
    lanes = f"{lane.console_port}:{lane.grpc_port}"
    server = f"127.0.0.1:{adb_server}"
    common = ["--sources", str(sources), "--apk-dir", str(apk_dir), "--apps", CFAIT.app_id, "--lanes", lanes,
              "--adb-server", server]
    assert anyapp(["apps", "install", *common]) == 0
    out_file = tmp_path / "attestation.json"
    assert anyapp(["apps", "attest", *common, "--output", str(out_file)]) == 0
    data = json.loads(out_file.read_text())
    app = data["lanes"][0]["apps"][0]
    assert app["version_code"] == CFAIT.version_code and app["base_apk_sha256"] == file_sha256(artifacts["cfait"])
    assert "attestation" in capsys.readouterr().out
