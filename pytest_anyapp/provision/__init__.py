"""App provisioning: where each app's APK comes from, downloading, installing, granting, attesting.

``anyapp apps download|install|grant|attest`` (see docs/real-emulators.md). The catalog pins
(``pytest_anyapp/catalog/apps.py``) say *which* version an app must be at; the sources file
(``apk_sources.json`` here) says where that file is found and, when known, its sha256.
"""
