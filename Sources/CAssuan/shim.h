#ifndef PASSCODE_CASSUAN_SHIM_H
#define PASSCODE_CASSUAN_SHIM_H
#include <gpg-error.h>
#include <assuan.h>
#endif
