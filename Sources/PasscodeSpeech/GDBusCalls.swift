import CGio

/// The one place that calls GIO's GDBus and GVariant functions. Every other file goes through these.
///
/// Handles are raw pointers that are not `Sendable`; each stays on the thread that made it, except the
/// cancellable, whose cancel function GLib documents as thread-safe.
enum GDBusCalls {
  /// A GDBus connection handle.
  typealias Connection = OpaquePointer
  /// A GLib cancellable.
  typealias Cancellable = UnsafeMutablePointer<GCancellable>

  /// Makes a cancellable for bounding blocking calls.
  ///
  /// - Returns: The cancellable; release it with ``release(_:)``.
  /// The corresponding C function is `g_cancellable_new`.
  static func makeCancellable() -> Cancellable {
    g_cancellable_new()
  }

  /// Cancels the operations using a cancellable; safe from any thread.
  ///
  /// - Parameter cancellable: The cancellable.
  /// The corresponding C function is `g_cancellable_cancel`.
  static func cancel(_ cancellable: Cancellable) {
    g_cancellable_cancel(cancellable)
  }

  /// Takes another reference to a cancellable, for a second thread to hold.
  ///
  /// - Parameter cancellable: The cancellable.
  /// - Returns: The same cancellable, safe to hand to another thread.
  /// The corresponding C function is `g_object_ref`.
  static func retain(_ cancellable: Cancellable) -> SharedCancellable {
    _ = g_object_ref(UnsafeMutableRawPointer(cancellable))
    return SharedCancellable(pointer: cancellable)
  }

  /// A cancellable handed to another thread; GCancellable's reference counting and cancel are thread-safe.
  struct SharedCancellable: @unchecked Sendable {
    /// The cancellable.
    let pointer: Cancellable
  }

  /// Drops a reference to a cancellable.
  ///
  /// - Parameter cancellable: The cancellable.
  /// The corresponding C function is `g_object_unref`.
  static func release(_ cancellable: Cancellable) {
    g_object_unref(UnsafeMutableRawPointer(cancellable))
  }

  /// Connects and authenticates to a message bus at an address, saying Hello; a private connection, not the
  /// shared singleton, so it can be closed afterwards.
  ///
  /// - Parameters:
  ///   - address: The bus address, such as `DBUS_SESSION_BUS_ADDRESS`.
  ///   - cancellable: Cancels the attempt from another thread.
  /// - Returns: The connection, or the GLib error.
  /// The corresponding C function is `g_dbus_connection_new_for_address_sync`.
  static func connect(address: String, cancellable: Cancellable) -> Result<Connection, SpeechError> {
    var error: UnsafeMutablePointer<GError>?
    let flags = GDBusConnectionFlags(
      rawValue: G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT.rawValue
        | G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION.rawValue)
    let connection = address.withCString {
      g_dbus_connection_new_for_address_sync($0, flags, nil, cancellable, &error)
    }
    if let connection { return .success(connection) }
    return .failure(takeError(error))
  }

  /// Closes a connection and drops the reference to it.
  ///
  /// - Parameter connection: The connection; it must not be used again.
  /// The corresponding C function is `g_dbus_connection_close_sync`.
  static func close(_ connection: Connection) {
    _ = g_dbus_connection_close_sync(connection, nil, nil)
    g_object_unref(UnsafeMutableRawPointer(connection))
  }

  /// Reads a boolean property with `org.freedesktop.DBus.Properties.Get`, without auto-starting the service.
  ///
  /// - Parameters:
  ///   - connection: An open bus connection.
  ///   - busName: The owner of the object, such as `org.a11y.Bus`.
  ///   - objectPath: The object, such as `/org/a11y/bus`.
  ///   - interface: The property's interface, such as `org.a11y.Status`.
  ///   - property: The property's name.
  ///   - timeoutMilliseconds: The longest wait for the reply.
  ///   - cancellable: Cancels the call from another thread.
  /// - Returns: The value, or the GLib error; a value that is not a boolean is reported as an error.
  /// The corresponding C function is `g_dbus_connection_call_sync`.
  static func booleanProperty(
    connection: Connection, busName: String, objectPath: String, interface: String, property: String,
    timeoutMilliseconds: Int32, cancellable: Cancellable
  ) -> Result<Bool, SpeechError> {
    var error: UnsafeMutablePointer<GError>?
    let parameters = interface.withCString { interfaceName in
      property.withCString { propertyName in
        var items: [OpaquePointer?] = [g_variant_new_string(interfaceName), g_variant_new_string(propertyName)]
        return g_variant_new_tuple(&items, 2)
      }
    }
    let reply = busName.withCString { name in
      objectPath.withCString { path in
        g_dbus_connection_call_sync(
          connection, name, path, "org.freedesktop.DBus.Properties", "Get", parameters, nil,
          G_DBUS_CALL_FLAGS_NO_AUTO_START, timeoutMilliseconds, cancellable, &error)
      }
    }
    guard let reply else { return .failure(takeError(error)) }
    defer { g_variant_unref(reply) }
    guard typeString(reply) == "(v)", let boxed = g_variant_get_child_value(reply, 0) else {
      return .failure(.dbus(domain: 0, code: 0, message: "unexpected reply type \(typeString(reply))"))
    }
    defer { g_variant_unref(boxed) }
    guard let value = g_variant_get_variant(boxed) else {
      return .failure(.dbus(domain: 0, code: 0, message: "empty variant"))
    }
    defer { g_variant_unref(value) }
    guard typeString(value) == "b" else {
      return .failure(.dbus(domain: 0, code: 0, message: "property is \(typeString(value)), not a boolean"))
    }
    return .success(g_variant_get_boolean(value) != 0)
  }

  private static func typeString(_ variant: OpaquePointer) -> String {
    String(cString: g_variant_get_type_string(variant))
  }

  private static func takeError(_ error: UnsafeMutablePointer<GError>?) -> SpeechError {
    guard let error else { return .dbus(domain: 0, code: 0, message: "unknown error") }
    defer { g_error_free(error) }
    let message = error.pointee.message.map { String(cString: $0) } ?? ""
    return .dbus(domain: error.pointee.domain, code: error.pointee.code, message: message)
  }
}
