internal import Glibc

/// A C library loaded at run time, so that a program that never speaks or asks D-Bus starts without it
/// (and without everything it depends on: libspeechd and GIO each bring GLib, libpcre2 and more).
///
/// The package's one place that calls `dlopen` and `dlsym`. A library is loaded once and never unloaded;
/// loading it again returns the same handle.
package struct DynamicLibrary: @unchecked Sendable {
  /// Why a library or one of its functions could not be found, in the loader's words.
  package struct Failure: Error, Sendable, CustomStringConvertible {
    /// The loader's explanation (`dlerror`), or one of ours when it gave none.
    package let message: String

    /// The loader's explanation.
    package var description: String { message }
  }

  private let handle: UnsafeMutableRawPointer

  /// Loads a library by its soname, such as `libspeechd.so.2`. The corresponding C function is `dlopen`.
  ///
  /// - Parameter soname: The library's file name; the loader's usual search path is used.
  /// - Returns: The library.
  /// - Throws: ``Failure`` when it cannot be loaded.
  package static func load(_ soname: String) throws(Failure) -> DynamicLibrary {
    guard let handle = dlopen(soname, RTLD_NOW | RTLD_LOCAL) else {
      throw Failure(message: lastError() ?? "\(soname) could not be loaded")
    }
    return DynamicLibrary(handle: handle)
  }

  /// A C function of the library, typed by the caller. The corresponding C function is `dlsym`.
  ///
  /// - Parameters:
  ///   - name: The function's C name.
  ///   - type: Its `@convention(c)` type; it must match the C prototype.
  /// - Returns: The function.
  /// - Throws: ``Failure`` when the library has no such symbol.
  package func function<Function>(_ name: String, as type: Function.Type) throws(Failure) -> Function {
    guard let symbol = dlsym(handle, name) else {
      throw Failure(message: Self.lastError() ?? "no \(name) in the library")
    }
    return unsafeBitCast(symbol, to: type)
  }

  private static func lastError() -> String? {
    dlerror().map { String(cString: $0) }
  }
}
