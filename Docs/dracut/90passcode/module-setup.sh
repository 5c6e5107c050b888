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
# espeak-ng's data for English and for the system's languages only (LANGUAGE and LANG in /etc/locale.conf,
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
#
# brltty, when /etc/default/brltty says START_IN_INITRAMFS=yes (see passcode_install_brltty).

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
    # and when it runs, ours stops watching. Before it asks, a person is told that its prompt has no speech
    # and no counts, on the console (so in braille): by passcode itself after Esc (it exits 2, having said
    # so), else by passcode_handover, when passcode failed or could not run at all.
    $SYSTEMCTL -q --root "$initdir" mask systemd-ask-password-console.path || return 1
    inst_dir "$systemdsystemunitdir/systemd-ask-password-console.service.d"
    passcode_install_handover
    printf '%s\n' '# passcode (dracut module 90passcode): systemd'"'"'s agent has taken over the console.' \
        '[Unit]' 'Conflicts=passcode-agent-console.path' \
        '[Service]' "ExecStartPre=-$passcode_handover" \
        > "$initdir$systemdsystemunitdir/systemd-ask-password-console.service.d/passcode.conf"

    passcode_install_speech
    passcode_install_brltty
}

# The words said before systemd's own console agent asks, when passcode's agent failed or could not run:
# a script that says them on the console unless passcode's agent left the question itself (Esc: exit status 2,
# having said them). They are English: the catalogues are passcode's, and passcode is what failed.
passcode_handover=/usr/lib/passcode/handover
passcode_install_handover() {
    inst_dir "${passcode_handover%/*}"
    cat > "$initdir$passcode_handover" << 'HANDOVER'
#!/bin/sh
# passcode (dracut module 90passcode): run before systemd's own console agent asks (ExecStartPre=).
[ "$(systemctl show -P ExecMainStatus passcode-agent-console.service 2>/dev/null)" = 2 ] && exit 0
printf '\n%s\n' "passcode could not ask: systemd's own prompt asks next, without speech or counts" > /dev/console
HANDOVER
    chmod 755 "$initdir$passcode_handover"
}

# brltty for a braille display, when asked for as Debian asks its initramfs-tools hook: START_IN_INITRAMFS=yes
# (or true) in /etc/default/brltty ($PASSCODE_BRLTTY_DEFAULTS when set; the VM lab sets it, and
# $PASSCODE_BRLTTY_CONF for /etc/brltty.conf). Debian's dracut has no brltty module, so this one installs
# brltty itself: the binary, the braille drivers /etc/brltty.conf names (every one when it names none or
# "auto"), the Linux screen driver, the tables under /etc/brltty (a text table includes others), brltty.conf
# and the saved preferences, and passcode-brltty.service, which starts brltty in sysinit, before the disk's
# question, and stops it before the switch to the real root (where the system's brltty takes over).
passcode_install_brltty() {
    local defaults=${PASSCODE_BRLTTY_DEFAULTS:-/etc/default/brltty} conf=${PASSCODE_BRLTTY_CONF:-/etc/brltty.conf}
    local start="" brltty drivers driver library unit=passcode-brltty.service
    [[ -r $defaults ]] && start=$(sed -n 's/^[[:space:]]*START_IN_INITRAMFS=["'"'"']*\([a-z]*\).*/\1/p' "$defaults" | tail -n 1)
    [[ $start == yes || $start == true ]] || return 0
    if ! brltty=$(command -v brltty) || [[ ! -d /lib/brltty ]]; then
        dinfo "passcode: START_IN_INITRAMFS asks for brltty, which is not installed: no braille at boot"
        return 0
    fi
    inst_binary "$brltty" /usr/bin/brltty || return 1
    drivers=$(sed -n 's/^[[:space:]]*braille-driver[[:space:]]\{1,\}\([^[:space:]#]*\).*/\1/p' "$conf" 2> /dev/null | tail -n 1)
    if [[ -z $drivers || $drivers == *auto* ]]; then
        drivers=$(for library in /lib/brltty/libbrlttyb??.so; do
            library=${library##*/libbrlttyb}
            echo "${library%.so}"
        done)
    fi
    for driver in ${drivers//,/ } lx; do
        for library in /lib/brltty/libbrlttyb"$driver".so /lib/brltty/libbrlttyx"$driver".so; do
            [[ -e $library ]] || continue
            inst_library "$library"
            # A driver's own libraries (ncurses for tt): inst_library copies the file alone.
            for dependency in $(ldd "$library" | sed -n 's/.*=> \(\/[^ ]*\) .*/\1/p'); do
                inst_library "$dependency"
            done
        done
    done
    # shellcheck disable=SC2046
    inst_multiple -o $(find /etc/brltty -type f 2> /dev/null) /var/lib/brltty/brltty.prefs
    [[ -r $conf ]] && inst_simple "$conf" /etc/brltty.conf
    instmods uinput pcspkr

    cat > "$initdir$systemdsystemunitdir/$unit" << EOF
# passcode (dracut module 90passcode): brltty for a braille display, before the disk's question.
[Unit]
Description=Braille display for the disk's question (brltty)
Documentation=man:passcode(1) man:brltty(1)
DefaultDependencies=no
After=systemd-udevd.service systemd-udev-trigger.service
Before=sysinit.target cryptsetup-pre.target
Conflicts=shutdown.target initrd-switch-root.target
Before=shutdown.target initrd-switch-root.target

[Service]
Type=simple
ExecStart=/usr/bin/brltty -n -q -N -f /etc/brltty.conf
EOF
    inst_dir "$systemdsystemunitdir/sysinit.target.wants"
    ln -sf "../$unit" "$initdir$systemdsystemunitdir/sysinit.target.wants/$unit"
}

# The list of what speech needs, shared with the initramfs-tools hook: $PASSCODE_SPEECH_NEEDS when set, else
# PREFIX/share/passcode/speech-needs.sh next to the binary's PREFIX/bin.
passcode_speech_needs() {
    local binary
    if [[ -n ${PASSCODE_SPEECH_NEEDS-} ]]; then
        printf '%s\n' "$PASSCODE_SPEECH_NEEDS"
    elif binary=$(passcode_binary); then
        printf '%s\n' "${binary%/bin/*}/share/passcode/speech-needs.sh"
    else
        return 1
    fi
}

# speech-dispatcher of the initramfs, its voice, ALSA and the sound drivers (see the header).
passcode_install_speech() {
    local needs programs data files mixer_files daemon_locale mixer="" run conf
    local unit=passcode-speech-dispatcher.service
    needs=$(passcode_speech_needs) || return 0
    if [[ ! -r $needs ]]; then
        dinfo "passcode: $needs is missing: the prompt at boot is silent"
        return 0
    fi
    # shellcheck source-path=SCRIPTDIR source=../../boot-speech/speech-needs.sh
    . "$needs"
    conf=$passcode_speech_conf
    run=$passcode_speech_run
    if ! programs=$(passcode_speech_programs); then
        dinfo "passcode: speech-dispatcher, its espeak-ng module or its ALSA plugin is not installed: the prompt at boot is silent"
        return 0
    fi
    # shellcheck disable=SC2046
    if ! data=$(passcode_speech_espeak_data $(passcode_speech_system_languages)); then
        dinfo "passcode: espeak-ng's data is missing: the prompt at boot is silent"
        return 0
    fi
    # shellcheck disable=SC2086
    inst_multiple $programs $data
    files=$(passcode_speech_files)
    # shellcheck disable=SC2086
    [[ -z $files ]] || inst_multiple -o $files
    # systemd gives every service LANG=C.UTF-8 when the initramfs has no /etc/locale.conf (or the system's
    # language, whose files are not in it): the daemon runs in C.UTF-8 when its files came along, else in C.
    daemon_locale=$(passcode_speech_locale)
    if mixer_files=$(passcode_speech_mixer_files); then
        # shellcheck disable=SC2086
        inst_multiple $mixer_files
        mixer="ExecStartPre=-$(command -v alsactl) restore"
    else
        dinfo "passcode: alsactl (alsa-utils) is not installed: the sound card may stay muted at boot"
    fi
    # shellcheck disable=SC2086
    instmods $passcode_speech_drivers
    inst_simple "$systemdsystemunitdir/sound.target"

    inst_dir "$conf/modules"
    passcode_speech_configuration "dracut module 90passcode" > "$initdir$conf/speechd.conf"
    if [[ -n $(passcode_speech_module_configuration) ]]; then
        inst_simple "$(passcode_speech_module_configuration)" "$conf/modules/espeak-ng.conf"
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
ExecStart=$(command -v speech-dispatcher) -d -t 0 -C $conf -c unix_socket -S $passcode_speech_socket -P $passcode_speech_pid
PIDFile=$passcode_speech_pid
TimeoutStartSec=60s
EOF
    inst_dir "$systemdsystemunitdir/sound.target.wants"
    ln -sf "../$unit" "$initdir$systemdsystemunitdir/sound.target.wants/$unit"

    inst_dir "$systemdsystemunitdir/passcode-agent-console.service.d"
    printf '%s\n' '# passcode (dracut module 90passcode): speak through the initramfs'"'"'s speech-dispatcher.' \
        '[Service]' "Environment=SPEECHD_ADDRESS=unix_socket:$passcode_speech_socket PASSCODE_SPEECH=on" \
        > "$initdir$systemdsystemunitdir/passcode-agent-console.service.d/speech.conf"
    inst_multiple mkdir
}
