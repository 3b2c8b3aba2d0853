"""Factory contents of the settings tables on a freshly booted API 33 emulator (subset).

Keys a client may read unconditionally are present with the platform default
(frameworks/base packages/SettingsProvider/res/values/defaults.xml, loaded by
SettingsProvider's DatabaseHelper): ``zen_mode``/``zen_duration``, sound, lock screen, rotation and
accessibility defaults. Values the emulator image overrides (Wi-Fi on, provisioned, stay awake)
keep the emulator's value."""

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
    "assisted_gps_enabled": "1",
    "bluetooth_disabled_profiles": "0",
    "dock_sounds_enabled": "0",
    "low_battery_sound_timeout": "0",
    "mobile_data_always_on": "1",
    "mode_ringer": "2",
    "package_verifier_enable": "1",
    "power_sounds_enabled": "1",
    "theater_mode_on": "0",
    "wifi_display_on": "0",
    "wifi_networks_available_notification_on": "1",
    "wifi_scan_always_enabled": "0",
    "wifi_sleep_policy": "2",
    "wifi_wakeup_enabled": "1",
    "zen_mode": "0",
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
    "accessibility_display_magnification_enabled": "0",
    "accessibility_display_magnification_scale": "2.0",
    "double_tap_to_wake": "1",
    "immersive_mode_confirmations": "",
    "lock_screen_allow_private_notifications": "1",
    "lock_screen_show_notifications": "1",
    "long_press_timeout": "400",
    "multi_press_timeout": "300",
    "sleep_timeout": "-1",
    "touch_exploration_enabled": "0",
    "wake_gesture_enabled": "1",
    "zen_duration": "0",
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
    "end_button_behavior": "2",
    "lockscreen_sounds_enabled": "1",
    "notification_light_pulse": "1",
    "pointer_speed": "0",
    "vibrate_when_ringing": "0",
}

NAMESPACES: dict[str, dict[str, str]] = {"global": GLOBAL, "secure": SECURE, "system": SYSTEM}
