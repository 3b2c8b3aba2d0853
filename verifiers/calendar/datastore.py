"""Jetpack Preferences DataStore files (``files/<name>.preferences_pb``) as ``PreferencesSerializer`` writes
them: one ``PreferenceMap`` message, androidx/androidx ``datastore/datastore-preferences-proto/src/main/proto/
preferences.proto`` (``map<string, Value> preferences = 1``; ``Value`` a oneof: boolean 1, float 2, integer 3,
long 4, string 5, string_set 6, double 7, bytes 8). Built with protobuf's descriptor API, not hand-encoded."""

from __future__ import annotations

from typing import Any

from google.protobuf import descriptor_pb2, descriptor_pool, message_factory
from google.protobuf.message import DecodeError

from pytest_anyapp.errors import VerifierReadError

_F = descriptor_pb2.FieldDescriptorProto


def _message_classes() -> tuple[Any, Any]:
    fd = descriptor_pb2.FileDescriptorProto(name="anyapp_preferences.proto", package="anyapp.datastore",
                                            syntax="proto2")
    string_set = fd.message_type.add(name="StringSet")
    string_set.field.add(name="strings", number=1, type=_F.TYPE_STRING, label=_F.LABEL_REPEATED)
    value = fd.message_type.add(name="Value")
    value.oneof_decl.add(name="value")
    for number, name, kind in ((1, "boolean", _F.TYPE_BOOL), (2, "float", _F.TYPE_FLOAT), (3, "integer", _F.TYPE_INT32),
                               (4, "long", _F.TYPE_INT64), (5, "string", _F.TYPE_STRING), (7, "double", _F.TYPE_DOUBLE),
                               (8, "bytes", _F.TYPE_BYTES)):
        value.field.add(name=name, number=number, type=kind, label=_F.LABEL_OPTIONAL, oneof_index=0)
    value.field.add(name="string_set", number=6, type=_F.TYPE_MESSAGE, type_name=".anyapp.datastore.StringSet",
                    label=_F.LABEL_OPTIONAL, oneof_index=0)
    pmap = fd.message_type.add(name="PreferenceMap")
    entry = pmap.nested_type.add(name="PreferencesEntry")
    entry.options.map_entry = True
    entry.field.add(name="key", number=1, type=_F.TYPE_STRING, label=_F.LABEL_OPTIONAL)
    entry.field.add(name="value", number=2, type=_F.TYPE_MESSAGE, type_name=".anyapp.datastore.Value",
                    label=_F.LABEL_OPTIONAL)
    pmap.field.add(name="preferences", number=1, type=_F.TYPE_MESSAGE, label=_F.LABEL_REPEATED,
                   type_name=".anyapp.datastore.PreferenceMap.PreferencesEntry")
    pool = descriptor_pool.DescriptorPool()
    pool.Add(fd)
    return (message_factory.GetMessageClass(pool.FindMessageTypeByName("anyapp.datastore.PreferenceMap")),
            message_factory.GetMessageClass(pool.FindMessageTypeByName("anyapp.datastore.Value")))


PreferenceMap, Value = _message_classes()


def _parse(data: bytes) -> Any:
    msg = PreferenceMap()
    try:
        msg.ParseFromString(data)
    except DecodeError as exc:
        raise VerifierReadError(f"not a Preferences DataStore file: {exc}") from exc
    return msg


def read_strings(data: bytes) -> dict[str, str]:
    """The string entries of a DataStore file (an empty file is an empty map, as DataStore reads it)."""
    return {k: v.string for k, v in _parse(data).preferences.items() if v.WhichOneof("value") == "string"}


def with_string(data: bytes, key: str, value: str) -> bytes:
    """The file with ``key`` set to the string ``value``, every other entry kept (``dataStore.edit``)."""
    return _with(data, key, Value(string=value))


def with_boolean(data: bytes, key: str, value: bool) -> bytes:
    """The file with ``key`` set to the boolean ``value``, every other entry kept."""
    return _with(data, key, Value(boolean=value))


def _with(data: bytes, key: str, value: Any) -> bytes:
    msg = _parse(data)
    msg.preferences[key].CopyFrom(value)
    return bytes(msg.SerializeToString(deterministic=True))
