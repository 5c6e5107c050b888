// gettext is part of glibc, but the Glibc module does not export <libintl.h>: this module does.
// Nothing to link: the functions are in libc.
#include <libintl.h>
#include <locale.h>
#include <stdlib.h>
#include <unistd.h>
