"""A Jetpack Preferences DataStore file as the app's ``PreferencesSerializer`` writes it: one
``PreferenceMap`` message (androidx/androidx ``datastore/datastore-preferences-proto/src/main/proto/
preferences.proto``: ``map<string, Value> preferences = 1``; ``Value`` a oneof, ``string`` = 5). Only
the string and boolean values the doubles use are read and written; other entries are kept as they are."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from google.protobuf import descriptor_pb2, descriptor_pool, message_factory


def _classes() -> tuple[Any, Any]:
    fd = descriptor_pb2.FileDescriptorProto(name="sim_preferences.proto", package="sim.datastore", syntax="proto2")
    value = fd.message_type.add(name="Value")
    value.oneof_decl.add(name="value")
    for number, name, kind in ((1, "boolean", "TYPE_BOOL"), (2, "float", "TYPE_FLOAT"), (3, "integer", "TYPE_INT32"),
                               (4, "long", "TYPE_INT64"), (5, "string", "TYPE_STRING"), (7, "double", "TYPE_DOUBLE"),
                               (8, "bytes", "TYPE_BYTES")):
        value.field.add(name=name, number=number, type=getattr(descriptor_pb2.FieldDescriptorProto, kind),
                        label=descriptor_pb2.FieldDescriptorProto.LABEL_OPTIONAL, oneof_index=0)
    pmap = fd.message_type.add(name="PreferenceMap")
    entry = pmap.nested_type.add(name="PreferencesEntry")
    entry.options.map_entry = True
    entry.field.add(name="key", number=1, type=descriptor_pb2.FieldDescriptorProto.TYPE_STRING,
                    label=descriptor_pb2.FieldDescriptorProto.LABEL_OPTIONAL)
    entry.field.add(name="value", number=2, type=descriptor_pb2.FieldDescriptorProto.TYPE_MESSAGE,
                    type_name=".sim.datastore.Value", label=descriptor_pb2.FieldDescriptorProto.LABEL_OPTIONAL)
    pmap.field.add(name="preferences", number=1, type=descriptor_pb2.FieldDescriptorProto.TYPE_MESSAGE,
                   type_name=".sim.datastore.PreferenceMap.PreferencesEntry",
                   label=descriptor_pb2.FieldDescriptorProto.LABEL_REPEATED)
    pool = descriptor_pool.DescriptorPool()
    pool.Add(fd)
    return (message_factory.GetMessageClass(pool.FindMessageTypeByName("sim.datastore.PreferenceMap")),
            message_factory.GetMessageClass(pool.FindMessageTypeByName("sim.datastore.Value")))


PreferenceMap, Value = _classes()


class PreferencesDataStore:
    """``files/<name>.preferences_pb`` of an app (``PreferenceDataStoreFactory.create``)."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def _load(self) -> Any:
        msg = PreferenceMap()
        if self.path.exists():
            msg.ParseFromString(self.path.read_bytes())
        return msg

    def get_string(self, key: str) -> str | None:
        prefs = self._load().preferences
        return prefs[key].string if key in prefs and prefs[key].WhichOneof("value") == "string" else None

    def get_boolean(self, key: str) -> bool | None:
        prefs = self._load().preferences
        return prefs[key].boolean if key in prefs and prefs[key].WhichOneof("value") == "boolean" else None

    def set_string(self, key: str, value: str) -> None:
        """``edit { it[stringPreferencesKey(key)] = value }``: the whole map rewritten atomically."""
        self._store(key, Value(string=value))

    def set_boolean(self, key: str, value: bool) -> None:
        self._store(key, Value(boolean=value))

    def _store(self, key: str, value: Any) -> None:
        msg = self._load()
        msg.preferences[key].CopyFrom(value)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.path.with_suffix(".tmp")
        tmp.write_bytes(msg.SerializeToString(deterministic=True))
        os.replace(tmp, self.path)
