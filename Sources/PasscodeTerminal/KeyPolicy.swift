import PasscodeEngine

/// What a key means to the engine. Keys that would leave the prompt re-read the status instead when
/// interruptions are ignored (`passcode lock`), so the user still hears where they are.
struct KeyPolicy {
  /// Whether Esc, Ctrl-C, Ctrl-D, Ctrl-\ and Ctrl-Z are ignored.
  let ignoresInterruptions: Bool

  /// Where a key goes.
  enum Route {
    /// Stop the process, as Ctrl-Z does to any job, instead of reaching the engine.
    case suspend
    /// Offer the key to the caller's companion first; the event when it leaves the key alone.
    case companionFirst(EntryEvent)
    /// Send the event to the engine.
    case engine(EntryEvent)
  }

  /// Where a key goes while the entry is in a phase (`nil` on a screen that draws no entry). The companion is
  /// offered keys only while keys are taken: during a verification the verifier may be talking to the same
  /// client (a pinentry's CHECKPIN), and one conversation at a time is all it has.
  func route(_ key: Key, during phase: EntryDisplay.Phase?) -> Route {
    if suspends(key) { return .suspend }
    return phase == .entering ? .companionFirst(event(for: key)) : .engine(event(for: key))
  }

  /// Whether another thread may act on the entry in a phase (``PromptRemote``): only while keys are taken, since a
  /// verification under way ends the prompt by itself (its verdict must not reach a later prompt).
  func listensToRemote(during phase: EntryDisplay.Phase?) -> Bool {
    phase != .verifying
  }

  /// Whether the key stops the process, as Ctrl-Z does to any job, instead of reaching the engine.
  func suspends(_ key: Key) -> Bool {
    key == .suspend && !ignoresInterruptions
  }

  /// Whether the key survives a flush of what was typed too early (during a lockout, before an error's
  /// words): a request to leave or to stop is kept, everything else goes.
  func survivesFlush(_ key: Key) -> Bool {
    guard !ignoresInterruptions else { return false }
    switch key {
    case .escape, .interrupt, .endOfFile, .quit, .suspend: return true
    default: return false
    }
  }

  /// The event a key sends to the engine.
  func event(for key: Key) -> EntryEvent {
    switch key {
    case let .character(scalar): return .character(scalar)
    case .backspace: return .delete
    case .clear: return .clear
    case .enter: return .submit
    case .reread: return .repeatStatus
    case .moreTime: return .moreTime
    case .generate: return .unsupportedKey
    case let .paste(text): return .paste(text.storage, overflowCount: text.overflowByteCount)
    case .escape, .interrupt, .endOfFile, .quit:
      return ignoresInterruptions ? .repeatStatus : .cancel
    case .suspend:
      return .repeatStatus
    case .invalid, .unknownSequence: return .unsupportedKey
    case .keypadNavigation: return .keypadNavigation
    }
  }
}
