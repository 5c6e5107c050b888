#!/bin/bash
# The VM lab's Speakup scenario (Tests/VMLabTests/SpeakupScenarioTests.swift), never part of passcode's own
# module: a unit that loads Speakup with its soft synthesizer, turns key echo on, and copies what Speakup would
# speak to the second serial port. It is installed but not enabled: only a boot with
# rd.systemd.wants=passcode-lab-speakup.service runs it, so the lab's other scenarios share this initramfs.

check() {
    return 255
}

depends() {
    echo systemd
    return 0
}

installkernel() {
    instmods speakup speakup_soft
}

install() {
    inst_multiple cat sleep modprobe ls tr
    inst_simple "$moddir/passcode-lab-speakup.sh" /usr/bin/passcode-lab-speakup
    chmod 755 "$initdir/usr/bin/passcode-lab-speakup"
    inst_simple "$moddir/passcode-lab-speakup.service" "$systemdsystemunitdir/passcode-lab-speakup.service"
}
