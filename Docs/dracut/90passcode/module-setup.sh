#!/bin/bash
# passcode's dracut module: `passcode agent` asks the initramfs's passphrase questions (the root disk's,
# from systemd-cryptsetup) on the console, in place of systemd's console agent. See Docs/Boot.md.
#
# Opt in with `add_dracutmodules+=" passcode "` in /etc/dracut.conf.d/: check() returns 255, so the
# module is never pulled in on its own.
#
# It installs:
#   /usr/bin/passcode, with the libraries ldd lists (inst_binary), and its message catalogues;
#   passcode-agent-console.path and .service, with ExecStart= pointed at /usr/bin/passcode and given
#   --leave-on-cancel (Esc leaves the disk's question unanswered and fails the service, so OnFailure=
#   starts systemd's agent, which asks it), and the path unit enabled in sysinit.target;
#   a drop-in that makes systemd's console agent service stop our path unit when it starts, and masks
#   systemd's console path unit, so that only one agent reads the console. systemd's service itself
#   stays: our service's OnFailure= starts it when passcode cannot run.
#
# The binary: $PASSCODE_BINARY when set (the VM lab sets it), else /usr/bin/passcode, else
# /usr/local/bin/passcode. Its catalogues are taken from PREFIX/share/locale next to its PREFIX/bin.
#
# Speech, when speech-dispatcher and its espeak-ng module are installed (else the prompt at boot is silent,
# and dracut says so): speech-dispatcher, sd_espeak-ng, the ALSA audio plugin with libasound and ALSA's
# own configuration (never /etc/alsa/conf.d, which may send everything to PulseAudio), libspeechd (which
# passcode loads with dlopen), the C.UTF-8 locale (speech-dispatcher exits when setlocale() fails),
# espeak-ng's data for English and for the system's language (LANG in /etc/locale.conf,
# /etc/default/locale or dracut's environment), alsactl with the saved mixer levels when alsa-utils is
# installed (a sound card comes up muted), the sound drivers (HDA, AC'97, virtio-snd), and
# passcode-speech-dispatcher.service: a speech-dispatcher of the initramfs, as root, with a configuration
# of its own (ALSA, espeak-ng, a socket in /run/passcode), started by sound.target when a sound card
# appears (speech-dispatcher opens the sound card once, at its first words, and never again if that
# fails, so it must not start before the card). A drop-in gives the agent SPEECHD_ADDRESS and
# PASSCODE_SPEECH=on (speech without starting a daemon), and the agent is never ordered after the daemon:
# it asks at once, and its speech connects in the background whenever the daemon answers, since the card
# often shows up at the same moment as the disk's question; the agent says speech is not answering only
# after 3 s. Without a sound card no daemon runs: the agent says so once, plays its tones on a virtual
# console, and asks.

# The binary to install, or nothing.
passcode_binary() {
    local candidate
    for candidate in "${PASSCODE_BINARY-}" /usr/bin/passcode /usr/local/bin/passcode; do
        if [[ -n $candidate && -x $candidate ]]; then
            printf '%s\n' "$candidate"
            return 0
        fi
    done
    return 1
}

check() {
    passcode_binary > /dev/null || return 1
    # Only when asked for by name.
    return 255
}

depends() {
    echo systemd systemd-ask-password
    return 0
}

install() {
    local binary prefix catalogue unit
    binary=$(passcode_binary) || return 1
    inst_binary "$binary" /usr/bin/passcode || return 1

    prefix=${binary%/bin/*}
    for catalogue in "$prefix"/share/locale/*/LC_MESSAGES/passcode.mo; do
        [[ -e $catalogue ]] || continue
        inst_simple "$catalogue" "/usr/share/locale/${catalogue#"$prefix"/share/locale/}"
    done

    for unit in passcode-agent-console.path passcode-agent-console.service; do
        # --speech auto goes: it is the default, and as an option it would hide the drop-in's
        # PASSCODE_SPEECH=on (see passcode_install_speech).
        sed -e 's|^ExecStart=[^ ]*/passcode agent |ExecStart=/usr/bin/passcode agent --leave-on-cancel |' \
            -e '/^ExecStart=/s| --speech auto||' \
            "$moddir/$unit" \
            > "$initdir$systemdsystemunitdir/$unit" || return 1
    done
    $SYSTEMCTL -q --root "$initdir" enable passcode-agent-console.path || return 1

    # One agent on the console: systemd's watch is masked; its service is the fallback (OnFailure=),
    # and when it runs, ours stops watching.
    $SYSTEMCTL -q --root "$initdir" mask systemd-ask-password-console.path || return 1
    inst_dir "$systemdsystemunitdir/systemd-ask-password-console.service.d"
    printf '%s\n' '# passcode (dracut module 90passcode): systemd'"'"'s agent has taken over the console.' \
        '[Unit]' 'Conflicts=passcode-agent-console.path' \
        > "$initdir$systemdsystemunitdir/systemd-ask-password-console.service.d/passcode.conf"

    passcode_install_speech
}

# Where speech-dispatcher's output modules are, or nothing.
passcode_speech_module_dir() {
    local directory
    for directory in /usr/lib/speech-dispatcher-modules /usr/lib/*/speech-dispatcher-modules \
        /usr/libexec/speech-dispatcher-modules; do
        if [[ -x $directory/sd_espeak-ng ]]; then
            printf '%s\n' "$directory"
            return 0
        fi
    done
    return 1
}

# The system's language, as espeak-ng names it ("es" for es_ES.UTF-8), or nothing for C and POSIX.
passcode_system_language() {
    local file value=
    for file in /etc/locale.conf /etc/default/locale; do
        [[ -r $file ]] || continue
        value=$(sed -n -e 's/^[[:space:]]*LANG=["'"'"']*\([^"'"'"']*\).*/\1/p' "$file" | tail -n 1)
        [[ -n $value ]] && break
    done
    value=${value:-${LANG-}}
    value=${value%%[._@]*}
    [[ $value == C || $value == POSIX ]] && value=
    printf '%s\n' "$value"
}

# espeak-ng's data: the phonemes, and the dictionary and voices of English and of each language given.
passcode_install_espeak_data() {
    local data language voice
    for data in /usr/lib/*/espeak-ng-data /usr/share/espeak-ng-data; do
        [[ -e $data/phondata ]] && break
    done
    [[ -e $data/phondata ]] || return 1
    inst_multiple "$data/phondata" "$data/phontab" "$data/phonindex" "$data/intonations"
    for language in en "$@"; do
        [[ -n $language && -e $data/${language}_dict ]] || continue
        inst_simple "$data/${language}_dict"
        for voice in "$data"/lang/*/"$language" "$data"/lang/*/"$language"-* "$data"/lang/"$language"; do
            [[ -f $voice ]] && inst_simple "$voice"
        done
    done
}

# speech-dispatcher of the initramfs, its voice, ALSA and the sound drivers (see the header).
passcode_install_speech() {
    local modules plugin language conf=/etc/passcode/speech-dispatcher run=/run/passcode
    local unit=passcode-speech-dispatcher.service
    if ! modules=$(passcode_speech_module_dir) || ! command -v speech-dispatcher > /dev/null; then
        dinfo "passcode: speech-dispatcher or its espeak-ng module is not installed: the prompt at boot is silent"
        return 0
    fi
    for plugin in /usr/lib/*/speech-dispatcher/spd_alsa.so /usr/lib/speech-dispatcher/spd_alsa.so; do
        [[ -e $plugin ]] && break
    done
    language=$(passcode_system_language)
    if [[ ! -e $plugin ]] || ! passcode_install_espeak_data "$language"; then
        dinfo "passcode: speech-dispatcher's ALSA plugin or espeak-ng's data is missing: the prompt at boot is silent"
        return 0
    fi
    inst_multiple speech-dispatcher "$modules/sd_espeak-ng" "$plugin"
    inst_libdir_file "libspeechd.so.2"
    # speech-dispatcher exits 1 when setlocale() fails, and systemd gives every service LANG=C.UTF-8 when
    # the initramfs has no /etc/locale.conf (or the system's language, whose files are not in it): the
    # daemon runs in C.UTF-8, whose files come along (about 400 kB), or in C where there are none.
    local daemon_locale=C
    if [[ -d /usr/lib/locale/C.utf8 ]]; then
        inst_multiple $(find /usr/lib/locale/C.utf8 -type f)
        daemon_locale=C.UTF-8
    fi
    # ALSA's own configuration: alsa.conf and what it includes (cards, pcm, ctl); not the use-case
    # manager's files (ucm, ucm2, topology: 2 MB that a plain "default" device never reads).
    inst_multiple -o /usr/share/alsa/alsa.conf /usr/share/alsa/cards/*.conf /usr/share/alsa/pcm/*.conf \
        /usr/share/alsa/ctl/*.conf
    # A new sound card starts muted: alsactl (alsa-utils) restores the mixer levels saved on this
    # system (alsactl store), or sets ALSA's defaults where none are saved.
    local mixer=
    if command -v alsactl > /dev/null && [[ -d /usr/share/alsa/init ]]; then
        inst_multiple alsactl $(find /usr/share/alsa/init -type f)
        inst_multiple -o /var/lib/alsa/asound.state
        mixer="ExecStartPre=-$(command -v alsactl) restore"
    else
        dinfo "passcode: alsactl (alsa-utils) is not installed: the sound card may stay muted at boot"
    fi
    instmods snd-hda-intel snd-hda-codec-generic snd-hda-codec-realtek snd-intel8x0 virtio_snd
    inst_simple "$systemdsystemunitdir/sound.target"

    inst_dir "$conf/modules"
    printf '%s\n' '# passcode (dracut module 90passcode): the initramfs'"'"'s speech-dispatcher, as root, on ALSA.' \
        'LogLevel 3' 'LogDir "/run/passcode/speech-dispatcher"' 'AudioOutputMethod "alsa"' \
        'AudioALSADevice "default"' 'AddModule "espeak-ng" "sd_espeak-ng" "espeak-ng.conf"' \
        'DefaultModule espeak-ng' 'DefaultVolume 100' \
        > "$initdir$conf/speechd.conf"
    if [[ -r /etc/speech-dispatcher/modules/espeak-ng.conf ]]; then
        inst_simple /etc/speech-dispatcher/modules/espeak-ng.conf "$conf/modules/espeak-ng.conf"
    else
        : > "$initdir$conf/modules/espeak-ng.conf"
    fi

    cat > "$initdir$systemdsystemunitdir/$unit" << EOF
# passcode (dracut module 90passcode): speech for the disk's question, once a sound card is there.
[Unit]
Description=Speech for the Accessible Console Agent
Documentation=man:passcode(1)
DefaultDependencies=no
After=sound.target
Conflicts=shutdown.target initrd-switch-root.target
Before=shutdown.target initrd-switch-root.target

[Service]
Type=forking
Environment=HOME=$run XDG_RUNTIME_DIR=$run LC_ALL=$daemon_locale
ExecStartPre=/bin/mkdir -p $run/speech-dispatcher
$mixer
ExecStart=$(command -v speech-dispatcher) -d -t 0 -C $conf -c unix_socket -S $run/speechd.sock -P $run/speechd.pid
PIDFile=$run/speechd.pid
TimeoutStartSec=60s
EOF
    inst_dir "$systemdsystemunitdir/sound.target.wants"
    ln -sf "../$unit" "$initdir$systemdsystemunitdir/sound.target.wants/$unit"

    inst_dir "$systemdsystemunitdir/passcode-agent-console.service.d"
    printf '%s\n' '# passcode (dracut module 90passcode): speak through the initramfs'"'"'s speech-dispatcher.' \
        '[Service]' "Environment=SPEECHD_ADDRESS=unix_socket:$run/speechd.sock PASSCODE_SPEECH=on" \
        > "$initdir$systemdsystemunitdir/passcode-agent-console.service.d/speech.conf"
    inst_multiple mkdir
}
