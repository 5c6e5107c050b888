#!/bin/bash
# The VM lab's Speakup scenario: loads Speakup with its soft synthesizer, turns key echo on (2: every key as it
# is pressed, digits included), copies what Speakup says (/dev/softsynthu) to the second serial port, and
# reports key_echo on the first serial port every half second ("lab: key_echo N"), for the test to follow. Then
# it waits (a minute at most) for the test's control, a digit and Enter typed on the console, which Speakup's
# key echo speaks: read here, before passcode's agent can take the console (the unit is ordered before it), the
# keys reach no prompt.
speakup=/sys/accessibility/speakup
report() {
    echo "lab: $*" > /dev/ttyS0
}
modprobe speakup_soft start=1 || { report "modprobe speakup_soft failed"; exit 1; }
[ "$(cat $speakup/synth 2>/dev/null)" = soft ] || echo soft > $speakup/synth
[ -e /dev/softsynthu ] || { report "no /dev/softsynthu: $(ls /dev | tr '\n' ' ')"; exit 1; }
cat /dev/softsynthu > /dev/ttyS1 &
echo 2 > $speakup/key_echo
while :; do
    report "key_echo $(cat $speakup/key_echo)"
    sleep 0.5
done &
report "waiting for the control"
read -r -t 60 _ < /dev/console || true
report "control read"
