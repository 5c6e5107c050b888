#ifndef PASSCODE_CGIO_SHIM_H
#define PASSCODE_CGIO_SHIM_H
// The few GLib and GIO declarations the AT-SPI check and the polkit agent call. GIO is loaded with dlopen only
// when one of them runs, so nothing is linked and no GLib header is needed (gio.h cannot be included without
// pkg-config's include paths, and pkg-config would link the libraries). These follow GLib 2's stable
// ABI: glib/gerror.h, glib/gvariant.h, glib/gmain.h, gio/gcancellable.h, gio/gdbusconnection.h,
// gio/gdbusintrospection.h, gio/gdbusmethodinvocation.h, gio/gioenums.h.

#include <stddef.h>

typedef struct _GCancellable GCancellable;
typedef struct _GDBusConnection GDBusConnection;
typedef struct _GDBusAuthObserver GDBusAuthObserver;
typedef struct _GVariant GVariant;
typedef struct _GVariantType GVariantType;
typedef struct _GMainContext GMainContext;
typedef struct _GDBusNodeInfo GDBusNodeInfo;
typedef struct _GDBusInterfaceInfo GDBusInterfaceInfo;
typedef struct _GDBusMethodInvocation GDBusMethodInvocation;

/// A method call on a registered object (GDBusInterfaceMethodCallFunc).
typedef void (*passcode_g_dbus_method_call)(
    GDBusConnection *connection, const char *sender, const char *object_path, const char *interface_name,
    const char *method_name, GVariant *parameters, GDBusMethodInvocation *invocation, void *user_data);

/// GDBusInterfaceVTable: the object's method handler; no properties.
typedef struct {
  passcode_g_dbus_method_call method_call;
  void *get_property;
  void *set_property;
  void *padding[8];
} PasscodeGDBusInterfaceVTable;

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
typedef GVariant *(*passcode_g_variant_new_boolean)(int value);
typedef GVariant *(*passcode_g_variant_new_uint32)(unsigned int value);
typedef GVariant *(*passcode_g_variant_new_int32)(int value);
typedef GVariant *(*passcode_g_variant_new_uint64)(unsigned long long value);
typedef GVariant *(*passcode_g_variant_new_variant)(GVariant *value);
typedef GVariant *(*passcode_g_variant_new_dict_entry)(GVariant *key, GVariant *value);
typedef GVariant *(*passcode_g_variant_new_array)(
    const GVariantType *child_type, GVariant *const *children, size_t n_children);
typedef GVariantType *(*passcode_g_variant_type_new)(const char *type_string);
typedef void (*passcode_g_variant_type_free)(GVariantType *type);
typedef size_t (*passcode_g_variant_n_children)(GVariant *value);
typedef const char *(*passcode_g_variant_get_string)(GVariant *value, size_t *length);
typedef unsigned int (*passcode_g_variant_get_uint32)(GVariant *value);
typedef int (*passcode_g_variant_get_int32)(GVariant *value);
typedef unsigned long long (*passcode_g_variant_get_uint64)(GVariant *value);
typedef GDBusNodeInfo *(*passcode_g_dbus_node_info_new_for_xml)(const char *xml, GError **error);
typedef GDBusInterfaceInfo *(*passcode_g_dbus_node_info_lookup_interface)(GDBusNodeInfo *info, const char *name);
typedef void (*passcode_g_dbus_node_info_unref)(GDBusNodeInfo *info);
typedef unsigned int (*passcode_g_dbus_connection_register_object)(
    GDBusConnection *connection, const char *object_path, GDBusInterfaceInfo *interface_info,
    const PasscodeGDBusInterfaceVTable *vtable, void *user_data, void (*user_data_free_func)(void *),
    GError **error);
typedef void (*passcode_g_dbus_method_invocation_return_value)(GDBusMethodInvocation *invocation, GVariant *value);
typedef void (*passcode_g_dbus_method_invocation_return_dbus_error)(
    GDBusMethodInvocation *invocation, const char *error_name, const char *error_message);
typedef GMainContext *(*passcode_g_main_context_new)(void);
typedef void (*passcode_g_main_context_push_thread_default)(GMainContext *context);
typedef int (*passcode_g_main_context_iteration)(GMainContext *context, int may_block);
typedef void (*passcode_g_main_context_wakeup)(GMainContext *context);
typedef void (*passcode_g_main_context_unref)(GMainContext *context);

#endif
