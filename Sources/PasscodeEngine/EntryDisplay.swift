/// A snapshot of what a renderer may draw. In secure mode it never holds a typed character.
package struct EntryDisplay: Equatable, Sendable {
  /// The stage of the prompt.
  package enum Phase: Equatable, Sendable {
    /// Taking input.
    case entering
    /// Waiting for the verifier.
    case verifying
    /// Showing a wrong code.
    case rejected
    /// Refusing input until a lockout ends.
    case lockedOut
    /// The code was accepted.
    case accepted
    /// The user cancelled.
    case cancelled
    /// The prompt timed out.
    case timedOut
  }

  /// The prompt's title.
  package var title: SanitizedText
  /// One entry per cell: every cell of a fixed length, or the characters so far of a variable one. Under
  /// ``ProgressFeedback/tick`` only the characters so far, whatever the length; under
  /// ``ProgressFeedback/silent`` none (the characters of an entry that may be shown excepted).
  package var cells: [Cell]
  /// The stage of the prompt.
  package var phase: Phase
  /// How far the cells are shifted by the shake, in columns (0 at rest).
  package var shakeOffset: Int
  /// The newest announcement, for a status line; `nil` before the first.
  package var message: Announcement?
  /// How many characters are entered; 0 under ``ProgressFeedback/silent`` for a secure entry.
  package var enteredCount: Int
  /// The fixed length, or `nil` for a variable one; `nil` too when the feedback does not reveal the length.
  package var fixedLength: Int?
  /// How much the feedback reveals, which the cells already follow: a renderer draws no empty cell for the
  /// length, nor any marker of an empty entry, unless it is ``ProgressFeedback/count``.
  package var progress: ProgressFeedback

  /// Creates a display snapshot.
  ///
  /// - Parameters:
  ///   - title: The prompt's title.
  ///   - cells: The cells.
  ///   - phase: The stage.
  ///   - shakeOffset: The shake offset in columns.
  ///   - message: The newest announcement.
  ///   - enteredCount: How many characters are entered.
  ///   - fixedLength: The fixed length, if any.
  ///   - progress: How much the feedback reveals.
  package init(
    title: SanitizedText, cells: [Cell], phase: Phase, shakeOffset: Int, message: Announcement?, enteredCount: Int,
    fixedLength: Int?, progress: ProgressFeedback = .count
  ) {
    self.title = title
    self.cells = cells
    self.phase = phase
    self.shakeOffset = shakeOffset
    self.message = message
    self.enteredCount = enteredCount
    self.fixedLength = fixedLength
    self.progress = progress
  }

  /// One cell of the code.
  package struct Cell: Equatable, Sendable {
    /// What the cell shows.
    package enum Content: Equatable, Sendable {
      /// Nothing entered here yet.
      case empty
      /// A character is entered; show only a mask.
      case masked
      /// A character is entered and may be shown (non-secure one-time codes only).
      case visible(Unicode.Scalar)
    }

    /// What the cell shows.
    package var content: Content
    /// Whether the next character goes here.
    package var isCurrent: Bool
    /// Whether the cell is in the error state.
    package var isError: Bool

    /// Creates a cell.
    ///
    /// - Parameters:
    ///   - content: What it shows.
    ///   - isCurrent: Whether the next character goes here.
    ///   - isError: Whether it is in the error state.
    package init(content: Content, isCurrent: Bool, isError: Bool) {
      self.content = content
      self.isCurrent = isCurrent
      self.isError = isError
    }

    /// Whether a character is entered in this cell.
    package var isFilled: Bool { content != .empty }
  }
}
