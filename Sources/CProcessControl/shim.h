#ifndef PASSCODE_CPROCESSCONTROL_SHIM_H
#define PASSCODE_CPROCESSCONTROL_SHIM_H

// Swift cannot call C variadic functions, and glibc declares prctl(2) as `int prctl(int, ...)`.
// These two fixed-argument wrappers are the only prctl options PasscodeVault uses.
#include <sys/prctl.h>

/// Returns the process's dumpable flag (0 or 1), or -1 with errno set.
static inline int passcode_get_dumpable(void) {
  return prctl(PR_GET_DUMPABLE, 0L, 0L, 0L, 0L);
}

/// Sets the process's dumpable flag; returns 0, or -1 with errno set.
static inline int passcode_set_dumpable(int value) {
  return prctl(PR_SET_DUMPABLE, (unsigned long)value, 0L, 0L, 0L);
}

#endif
