# What speech at boot needs in an initramfs, for passcode's dracut module (Docs/dracut/90passcode) and its
# initramfs-tools hook (Docs/initramfs-tools/passcode): one list, read by both. See Docs/Boot.md.
#
# Installed as PREFIX/share/passcode/speech-needs.sh (`make install`, the .deb); each generator sources it
# (`. FILE`) and then copies what the functions below name with its own tools (dracut's inst_multiple and
# instmods, initramfs-tools' copy_exec, copy_file and manual_add_modules). POSIX sh: dracut sources it from
# bash, mkinitramfs from sh. Every name it sets starts with passcode_speech_.
# shellcheck shell=sh disable=SC2034

# The sound drivers: HDA (the generic and Realtek codecs), AC'97 and virtio-snd.
passcode_speech_drivers="snd-hda-intel snd-hda-codec-generic snd-hda-codec-realtek snd-intel8x0 virtio_snd"

# Where the initramfs's speech-dispatcher keeps its configuration, its socket, its PID file and its log.
passcode_speech_conf=/etc/passcode/speech-dispatcher
passcode_speech_run=/run/passcode
passcode_speech_socket=$passcode_speech_run/speechd.sock
passcode_speech_pid=$passcode_speech_run/speechd.pid

# Where speech-dispatcher's output modules are (the directory holding sd_espeak-ng), or nothing (status 1).
passcode_speech_module_dir() {
    for passcode_speech_directory in /usr/lib/speech-dispatcher-modules /usr/lib/*/speech-dispatcher-modules \
        /usr/libexec/speech-dispatcher-modules; do
        if [ -x "$passcode_speech_directory/sd_espeak-ng" ]; then
            printf '%s\n' "$passcode_speech_directory"
            return 0
        fi
    done
    return 1
}

# speech-dispatcher's ALSA audio plugin, or nothing (status 1).
passcode_speech_alsa_plugin() {
    for passcode_speech_plugin in /usr/lib/*/speech-dispatcher/spd_alsa.so /usr/lib/speech-dispatcher/spd_alsa.so; do
        if [ -e "$passcode_speech_plugin" ]; then
            printf '%s\n' "$passcode_speech_plugin"
            return 0
        fi
    done
    return 1
}

# The programs and libraries to copy with the libraries they link (inst_multiple, copy_exec), one a line;
# status 1, with nothing printed, when speech-dispatcher, its espeak-ng module or its ALSA plugin is missing.
# libspeechd.so.2 is there because passcode loads it with dlopen, which ldd cannot see.
passcode_speech_programs() {
    passcode_speech_daemon=$(command -v speech-dispatcher) || return 1
    passcode_speech_modules=$(passcode_speech_module_dir) || return 1
    passcode_speech_plugin=$(passcode_speech_alsa_plugin) || return 1
    printf '%s\n' "$passcode_speech_daemon" "$passcode_speech_modules/sd_espeak-ng" "$passcode_speech_plugin"
    for passcode_speech_library in /usr/lib/*/libspeechd.so.2 /usr/lib/libspeechd.so.2; do
        [ -e "$passcode_speech_library" ] && printf '%s\n' "$passcode_speech_library" && break
    done
    return 0
}

# NAME's value in a locale file (the last `NAME=value` line, quotes and `export` taken off), or nothing.
passcode_speech_locale_value() {
    sed -n -e 's/^[[:space:]]*\(export[[:space:]][[:space:]]*\)\{0,1\}'"$1"'=["'"'"']*\([^"'"'"']*\).*/\2/p' "$2" \
        | tail -n 1
}

# The system's languages, as espeak-ng names them ("es" for es_ES.UTF-8), one a line, each once: those of
# LANGUAGE (a list: "es_ES:es:en") and LANG, from the first of the locale files given (by default
# /etc/locale.conf, then /etc/default/locale) that sets either, else from the environment; none for C and
# POSIX.
passcode_speech_system_languages() {
    [ $# -gt 0 ] || set -- /etc/locale.conf /etc/default/locale
    passcode_speech_lang=
    passcode_speech_languages=
    for passcode_speech_file in "$@"; do
        [ -r "$passcode_speech_file" ] || continue
        passcode_speech_lang=$(passcode_speech_locale_value LANG "$passcode_speech_file")
        passcode_speech_languages=$(passcode_speech_locale_value LANGUAGE "$passcode_speech_file")
        [ -n "$passcode_speech_lang$passcode_speech_languages" ] && break
    done
    if [ -z "$passcode_speech_lang$passcode_speech_languages" ]; then
        passcode_speech_lang=${LANG-}
        passcode_speech_languages=${LANGUAGE-}
    fi
    printf '%s\n' "$passcode_speech_languages" | tr ':' '\n' | { cat; printf '%s\n' "$passcode_speech_lang"; } \
        | while read -r passcode_speech_language; do
            passcode_speech_language=${passcode_speech_language%%[._@]*}
            case $passcode_speech_language in '' | C | POSIX) continue ;; esac
            printf '%s\n' "$passcode_speech_language"
        done | sort -u
}

# espeak-ng's data, one file a line: the phonemes, and the dictionary and voices of English and of each
# language given (passcode_speech_system_languages: only those, to keep the image small; a language espeak-ng
# has no dictionary for is left out); status 1 when the data is missing.
passcode_speech_espeak_data() {
    passcode_speech_data=
    for passcode_speech_candidate in /usr/lib/*/espeak-ng-data /usr/share/espeak-ng-data; do
        if [ -e "$passcode_speech_candidate/phondata" ]; then
            passcode_speech_data=$passcode_speech_candidate
            break
        fi
    done
    [ -n "$passcode_speech_data" ] || return 1
    for passcode_speech_file in phondata phontab phonindex intonations; do
        printf '%s\n' "$passcode_speech_data/$passcode_speech_file"
    done
    passcode_speech_seen=
    for passcode_speech_language in en "$@"; do
        [ -n "$passcode_speech_language" ] || continue
        case " $passcode_speech_seen " in *" $passcode_speech_language "*) continue ;; esac
        passcode_speech_seen="$passcode_speech_seen $passcode_speech_language"
        [ -e "$passcode_speech_data/${passcode_speech_language}_dict" ] || continue
        printf '%s\n' "$passcode_speech_data/${passcode_speech_language}_dict"
        for passcode_speech_voice in "$passcode_speech_data"/lang/*/"$passcode_speech_language" \
            "$passcode_speech_data"/lang/*/"$passcode_speech_language"-* "$passcode_speech_data/lang/$passcode_speech_language"; do
            [ -f "$passcode_speech_voice" ] && printf '%s\n' "$passcode_speech_voice"
        done
    done
    return 0
}

# The data files speech needs besides espeak-ng's, those that exist, one a line:
# - ALSA's own configuration: alsa.conf and what it includes (cards, pcm, ctl); not /etc/alsa/conf.d, which
#   may send everything to PulseAudio, nor the use-case manager's files (ucm, ucm2, topology: 2 MB that a
#   plain "default" device never reads);
# - the C library's C.UTF-8 locale (about 400 kB): speech-dispatcher exits when setlocale() fails.
passcode_speech_files() {
    for passcode_speech_file in /usr/share/alsa/alsa.conf /usr/share/alsa/cards/*.conf /usr/share/alsa/pcm/*.conf \
        /usr/share/alsa/ctl/*.conf; do
        [ -f "$passcode_speech_file" ] && printf '%s\n' "$passcode_speech_file"
    done
    [ -d /usr/lib/locale/C.utf8 ] && find /usr/lib/locale/C.utf8 -type f
    return 0
}

# The locale the daemon runs in: C.UTF-8 when its files come along (passcode_speech_files), else C.
passcode_speech_locale() {
    if [ -d /usr/lib/locale/C.utf8 ]; then echo C.UTF-8; else echo C; fi
}

# A new sound card starts muted: alsactl (alsa-utils) restores the mixer levels saved on this system
# (alsactl store), or sets ALSA's defaults where none are saved. Its init files and the saved levels, one a
# line, after alsactl itself (a program); status 1 without alsa-utils.
passcode_speech_mixer_files() {
    passcode_speech_alsactl=$(command -v alsactl) || return 1
    [ -d /usr/share/alsa/init ] || return 1
    printf '%s\n' "$passcode_speech_alsactl"
    find /usr/share/alsa/init -type f
    [ -f /var/lib/alsa/asound.state ] && printf '%s\n' /var/lib/alsa/asound.state
    return 0
}

# speech-dispatcher's configuration in the initramfs (passcode_speech_conf/speechd.conf): as root, on
# ALSA's default device, with espeak-ng, its log in passcode_speech_run. The first argument names the
# generator's piece, for the comment at its top.
passcode_speech_configuration() {
    printf '%s\n' "# passcode ($1): the initramfs's speech-dispatcher, as root, on ALSA." 'LogLevel 3' \
        "LogDir \"$passcode_speech_run/speech-dispatcher\"" 'AudioOutputMethod "alsa"' 'AudioALSADevice "default"' \
        'AddModule "espeak-ng" "sd_espeak-ng" "espeak-ng.conf"' 'DefaultModule espeak-ng' 'DefaultVolume 100'
}

# The espeak-ng module's configuration to copy (Debian's), or nothing: an empty one is written instead.
passcode_speech_module_configuration() {
    [ -r /etc/speech-dispatcher/modules/espeak-ng.conf ] && printf '%s\n' /etc/speech-dispatcher/modules/espeak-ng.conf
    return 0
}
