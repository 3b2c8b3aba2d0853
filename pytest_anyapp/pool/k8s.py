"""Kubernetes: the ready emulator pods of a namespace as lanes (``anyapp pool lanes --k8s-namespace``).

Fleets beyond a few hosts run as the StatefulSet of ``deploy/k8s`` (pods expose console 5554, adb
5555, gRPC 8554 on fixed container ports behind a headless Service). A pod is a lane when it is
Running and its ``Ready`` condition is True (the readiness probe checks boot and root); the lane is
``<pod IP>:<console>:<grpc>`` with the ports read from the pod's named container ports.
"""

from __future__ import annotations

from typing import Any

from pytest_anyapp.options import LaneSpec

DEFAULT_SELECTOR = "app.kubernetes.io/name=anyapp-emulator"


def api_client(host: str | None = None, kubeconfig: str | None = None) -> Any:
    """A CoreV1Api: to ``host`` when given (a proxy or a test server), else kubeconfig/in-cluster."""
    from kubernetes import client, config

    if host:
        conf = client.Configuration()
        conf.host = host
        return client.CoreV1Api(client.ApiClient(conf))
    try:
        config.load_kube_config(config_file=kubeconfig)  # type: ignore[no-untyped-call]
    except config.ConfigException:
        config.load_incluster_config()  # type: ignore[no-untyped-call]
    return client.CoreV1Api()


def _port(pod: Any, name: str, default: int) -> int:
    for container in pod.spec.containers or []:
        for port in container.ports or []:
            if port.name == name:
                return int(port.container_port)
    return default


def is_ready(pod: Any) -> bool:
    status = pod.status
    if status is None or status.phase != "Running" or not status.pod_ip or pod.metadata.deletion_timestamp:
        return False
    return any(c.type == "Ready" and c.status == "True" for c in status.conditions or [])


def ready_lanes(api: Any, namespace: str, selector: str = DEFAULT_SELECTOR) -> list[tuple[str, LaneSpec]]:
    """(pod name, lane) of every ready pod, ordered by pod name (StatefulSet ordinal order)."""
    pods = api.list_namespaced_pod(namespace, label_selector=selector).items
    out = []
    for pod in sorted(pods, key=lambda p: p.metadata.name):
        if is_ready(pod):
            out.append((pod.metadata.name, LaneSpec(host=pod.status.pod_ip, console_port=_port(pod, "console", 5554),
                                                    grpc_port=_port(pod, "grpc", 8554))))
    return out
