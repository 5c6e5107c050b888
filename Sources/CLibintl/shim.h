// gettext is part of glibc, but the Glibc module does not export <libintl.h>: this module does.
// Nothing to link: the functions are in libc.
// Only gettext and setlocale are called through it; the rest of libc goes through SystemCalls.
#include <libintl.h>
#include <locale.h>
