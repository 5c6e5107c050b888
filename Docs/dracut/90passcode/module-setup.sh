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
        sed -e 's|^ExecStart=[^ ]*/passcode agent |ExecStart=/usr/bin/passcode agent --leave-on-cancel |' \
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
}
