"""The emulator's gRPC control API (``android.emulation.control``): proto subset + generated code."""
