import Foundation

/// The initramfs generator a VM lab's fixtures are made with, and what differs between the two at boot.
package enum InitramfsGenerator: Sendable {
  /// dracut, with systemd in the initramfs and passcode's 90passcode module (Tests/VMLab/make-lab).
  case dracut
  /// initramfs-tools, with busybox, cryptsetup-initramfs's scripts and `passcode-askpass` as the crypttab
  /// keyscript (Tests/VMLab/make-initramfs-tools-lab).
  case initramfsTools

  /// The script in Tests/VMLab that makes the fixtures.
  package var script: String {
    switch self {
    case .dracut: "make-lab"
    case .initramfsTools: "make-initramfs-tools-lab"
    }
  }

  /// The programs the script and the boot need; the script itself checks the kernel, its modules and the
  /// packages' scripts.
  package var programs: [String] {
    switch self {
    case .dracut:
      [
        "/usr/bin/qemu-system-x86_64", "/usr/bin/dracut", "/sbin/cryptsetup", "/usr/bin/unshare", "/usr/bin/msgfmt",
        "/bin/sh",
      ]
    case .initramfsTools:
      [
        "/usr/bin/qemu-system-x86_64", "/usr/sbin/mkinitramfs", "/sbin/cryptsetup", "/usr/bin/unshare",
        "/usr/bin/msgfmt", "/bin/sh",
      ]
    }
  }

  /// The programs that are missing, by path; empty when the fixtures can be made.
  package var missingPrograms: [String] {
    programs.filter { !FileManager.default.isExecutableFile(atPath: $0) }
  }

  /// The kernel command line's words that make this initramfs unlock the disk with the UUID `uuid` as the root.
  package func kernelArguments(uuid: String) -> [String] {
    switch self {
    case .dracut:
      [
        "rd.luks.uuid=\(uuid)", "rd.shell=0", "root=/dev/mapper/luks-\(uuid)",
        // TCG on a loaded machine can take longer than systemd's 90 s for the disk to show up.
        "systemd.default_timeout_start_sec=900",
      ]
    // The disk's line in the initramfs's crypttab names it cryptroot; its ext2 root's /sbin/init, a busybox
    // script, says it runs and powers the guest off.
    case .initramfsTools: ["root=/dev/mapper/cryptroot"]
    }
  }
}
