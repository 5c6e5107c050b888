#!/bin/bash
# The VM lab's braille boot under dracut (Tests/VMLab/make-lab): brltty's TTY braille driver, the lab's stand-in
# for a display, draws with ncurses, which needs the vt100 terminfo entry (its libraries come with the driver;
# real displays' drivers need neither). And, since that boot's console is the virtual terminal brltty reads,
# a unit that says in the kernel's log, which the serial console shows, when cryptsetup.target is reached (the
# disk unlocked). Only the braille image names this module.

check() {
    return 255
}

depends() {
    return 0
}

install() {
    inst_simple /lib/terminfo/v/vt100 /usr/share/terminfo/v/vt100
    inst_multiple sh
    cat > "$initdir$systemdsystemunitdir/passcode-lab-unlocked.service" << UNIT
# passcode's VM lab: the disk's unlock, told on the serial console, at a priority (2, critical) that the kernel
# shows there even when the kernel command line says quiet.
[Unit]
DefaultDependencies=no
After=cryptsetup.target

[Service]
Type=oneshot
ExecStart=/bin/sh -c 'echo "<2>passcode lab: cryptsetup.target reached" > /dev/kmsg'
UNIT
    inst_dir "$systemdsystemunitdir/cryptsetup.target.wants"
    ln -sf ../passcode-lab-unlocked.service "$initdir$systemdsystemunitdir/cryptsetup.target.wants/"
}
