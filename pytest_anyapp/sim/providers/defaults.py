"""Factory contents of the settings tables on a freshly booted API 33 emulator (subset)."""

from __future__ import annotations

GLOBAL: dict[str, str] = {
    "adb_enabled": "1",
    "airplane_mode_on": "0",
    "airplane_mode_radios": "cell,bluetooth,uwb,wifi,wimax",
    "animator_duration_scale": "1.0",
    "auto_time": "1",
    "auto_time_zone": "1",
    "bluetooth_on": "0",
    "boot_count": "1",
    "data_roaming": "0",
    "development_settings_enabled": "1",
    "device_name": "sdk_gphone64_x86_64",
    "device_provisioned": "1",
    "heads_up_notifications_enabled": "1",
    "mobile_data": "1",
    "network_preference": "1",
    "package_verifier_user_consent": "-1",
    "stay_on_while_plugged_in": "0",
    "transition_animation_scale": "1.0",
    "usb_mass_storage_enabled": "1",
    "wifi_on": "1",
    "window_animation_scale": "1.0",
}

SECURE: dict[str, str] = {
    "accessibility_enabled": "0",
    "android_id": "3b5f8c2e9a1d4e67",
    "backup_enabled": "0",
    "default_input_method": "com.google.android.inputmethod.latin/com.android.inputmethod.latin.LatinIME",
    "enabled_input_methods": "com.google.android.inputmethod.latin/com.android.inputmethod.latin.LatinIME",
    "install_non_market_apps": "1",
    "location_mode": "3",
    "location_providers_allowed": "gps,network",
    "lockscreen.disabled": "1",
    "show_ime_with_hard_keyboard": "1",
    "skip_first_use_hints": "1",
    "user_setup_complete": "1",
}

SYSTEM: dict[str, str] = {
    "accelerometer_rotation": "0",
    "alarm_alert": "content://media/internal/audio/media/8?title=Cesium&canonical=1",
    "dim_screen": "1",
    "dtmf_tone": "1",
    "font_scale": "1.0",
    "haptic_feedback_enabled": "1",
    "notification_sound": "content://media/internal/audio/media/21?title=Argon&canonical=1",
    "ringtone": "content://media/internal/audio/media/37?title=Titania&canonical=1",
    "screen_brightness": "102",
    "screen_brightness_mode": "0",
    "screen_off_timeout": "2147483647",
    "sound_effects_enabled": "1",
    "user_rotation": "0",
    "volume_alarm": "6",
    "volume_music": "5",
    "volume_ring": "5",
}

NAMESPACES: dict[str, dict[str, str]] = {"global": GLOBAL, "secure": SECURE, "system": SYSTEM}
