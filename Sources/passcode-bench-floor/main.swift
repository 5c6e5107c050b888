// passcode-bench's floor: a Swift hello world built with the same command and flags as `passcode`, so
// items 1 and 2 can say how far `passcode` is above the cheapest Swift program, measured in the same run.
print("hello")
