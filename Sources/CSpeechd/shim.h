#pragma once
// libspeechd's own header, from /usr/include (no pkg-config: nothing is linked). PasscodeSpeech loads
// libspeechd.so.2 with dlopen the first time it speaks, so a program that never speaks does not map it,
// nor the GLib and libpcre2 it depends on.
#include <speech-dispatcher/libspeechd.h>

// The types of the functions PasscodeSpeech looks up, taken from the real prototypes, so that a
// mismatch with the library's header fails to compile.
typedef __typeof__(&spd_open2) passcode_spd_open2;
typedef __typeof__(&spd_close) passcode_spd_close;
typedef __typeof__(&spd_say) passcode_spd_say;
typedef __typeof__(&spd_sound_icon) passcode_spd_sound_icon;
typedef __typeof__(&spd_set_punctuation) passcode_spd_set_punctuation;
typedef __typeof__(&spd_set_language) passcode_spd_set_language;
typedef __typeof__(&spd_set_voice_rate) passcode_spd_set_voice_rate;
typedef __typeof__(&spd_set_voice_pitch) passcode_spd_set_voice_pitch;
typedef __typeof__(&spd_set_volume) passcode_spd_set_volume;
typedef __typeof__(&spd_set_voice_type) passcode_spd_set_voice_type;
typedef __typeof__(&spd_set_synthesis_voice) passcode_spd_set_synthesis_voice;
typedef __typeof__(&spd_get_output_module) passcode_spd_get_output_module;
typedef __typeof__(&spd_get_default_address) passcode_spd_get_default_address;
typedef __typeof__(&SPDConnectionAddress__free) passcode_spd_address_free;
