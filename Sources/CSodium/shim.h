#ifndef PASSCODE_CSODIUM_SHIM_H
#define PASSCODE_CSODIUM_SHIM_H

#include <sodium.h>

#endif
