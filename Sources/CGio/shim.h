#ifndef PASSCODE_CGIO_SHIM_H
#define PASSCODE_CGIO_SHIM_H
// The few GLib and GIO declarations the AT-SPI check calls. GIO is loaded with dlopen only when that
// check runs, so nothing is linked and no GLib header is needed (gio.h cannot be included without
// pkg-config's include paths, and pkg-config would link the libraries). These follow GLib 2's stable
// ABI: glib/gerror.h, glib/gvariant.h, gio/gcancellable.h, gio/gdbusconnection.h, gio/gioenums.h.

#include <stddef.h>

typedef struct _GCancellable GCancellable;
typedef struct _GDBusConnection GDBusConnection;
typedef struct _GDBusAuthObserver GDBusAuthObserver;
typedef struct _GVariant GVariant;
typedef struct _GVariantType GVariantType;

/// GLib's error: a domain (a GQuark), a code and a message.
typedef struct _GError {
  unsigned int domain;
  int code;
  char *message;
} GError;

/// GDBusConnectionFlags and GDBusCallFlags values (gioenums.h).
enum {
  PASSCODE_G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT = 1 << 0,
  PASSCODE_G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION = 1 << 3,
  PASSCODE_G_DBUS_CALL_FLAGS_NO_AUTO_START = 1 << 0,
};

typedef GCancellable *(*passcode_g_cancellable_new)(void);
typedef void (*passcode_g_cancellable_cancel)(GCancellable *cancellable);
typedef void *(*passcode_g_object_ref)(void *object);
typedef void (*passcode_g_object_unref)(void *object);
typedef void (*passcode_g_error_free)(GError *error);
typedef GDBusConnection *(*passcode_g_dbus_connection_new_for_address_sync)(
    const char *address, int flags, GDBusAuthObserver *observer, GCancellable *cancellable, GError **error);
typedef int (*passcode_g_dbus_connection_close_sync)(
    GDBusConnection *connection, GCancellable *cancellable, GError **error);
typedef GVariant *(*passcode_g_dbus_connection_call_sync)(
    GDBusConnection *connection, const char *bus_name, const char *object_path, const char *interface_name,
    const char *method_name, GVariant *parameters, const GVariantType *reply_type, int flags, int timeout_msec,
    GCancellable *cancellable, GError **error);
typedef GVariant *(*passcode_g_variant_new_string)(const char *string);
typedef GVariant *(*passcode_g_variant_new_tuple)(GVariant *const *children, size_t n_children);
typedef void (*passcode_g_variant_unref)(GVariant *value);
typedef GVariant *(*passcode_g_variant_get_child_value)(GVariant *value, size_t index);
typedef GVariant *(*passcode_g_variant_get_variant)(GVariant *value);
typedef const char *(*passcode_g_variant_get_type_string)(GVariant *value);
typedef int (*passcode_g_variant_get_boolean)(GVariant *value);

#endif
