# PasscodeKeypad: build, test, install and package the `passcode` command. Plain GNU make.
#
#   make                 build the release binary (.ci/release-build: the Swift runtime, libstdc++ and
#                        libgcc linked in), so it runs without a Swift toolchain
#   make check           run the whole test suite (swift build && swift test)
#   make install         install into $(DESTDIR)$(PREFIX); PREFIX defaults to /usr/local
#   make uninstall       remove what `make install` put there, and the directories it made; PREFIX
#                        defaults to the one the last `make install` from this tree used (without DESTDIR)
#   make deb             build passcode_VERSION_ARCH.deb here with dpkg-deb (PREFIX=/usr)
#   make clean           remove the build products and the .deb
#
# `make install` puts in place:
#   $(PREFIX)/bin/passcode                                    the program (stripped)
#   $(PREFIX)/bin/pinentry-passcode                           a relative link to it: the pinentry name
#   $(PREFIX)/bin/passcode-askpass                            another: the crypttab keyscript's name
#   $(PREFIX)/share/man/man1/passcode.1                       the manual (pinentry-passcode.1 and
#                                                             passcode-askpass.1 are links to it)
#   $(PREFIX)/share/man/es/man1/passcode.1                    the Spanish manual (Docs/passcode.es.1; a link too)
#   $(PREFIX)/share/man/fr/man1/passcode.1                    the French manual (Docs/passcode.fr.1; a link too)
#   $(PREFIX)/share/man/de/man1/passcode.1                    the German manual (Docs/passcode.de.1; a link too)
#   $(PREFIX)/share/locale/LANGUAGE/LC_MESSAGES/passcode.mo   the messages in each language, compiled by msgfmt
#                                                             from Sources/PasscodeLocalization/po/LANGUAGE.po
#   $(PREFIX)/share/bash-completion/completions/passcode      completions, made by the program itself
#   $(PREFIX)/share/zsh/site-functions/_passcode                (passcode --generate-completion-script
#   $(PREFIX)/share/fish/vendor_completions.d/passcode.fish      bash|zsh|fish), so they match its parser
#   $(PREFIX)/share/doc/passcode/                             README, CHANGELOG, LICENSE and Docs/*.md,
#                                                             and installed-directories (see below)
#   $(PREFIX)/lib/systemd/system/passcode-agent-console.path  the console agent's units (Docs/systemd/), with
#   $(PREFIX)/lib/systemd/system/passcode-agent-console.service  ExecStart= naming $(PREFIX)/bin/passcode;
#                                                             systemd searches /usr/local/lib/systemd/system
#                                                             and /usr/lib/systemd/system. They are not enabled:
#                                                             see Docs/SystemdAgent.md. SYSTEMD_UNIT_DIR moves them.
#   $(DRACUT_MODULES_DIR)/90passcode/                         the dracut module (Docs/dracut/90passcode and the
#                                                             units in Docs/systemd), used only when a dracut.conf
#                                                             says add_dracutmodules+=" passcode " (Docs/Boot.md)
#   $(INITRAMFS_HOOKS_DIR)/passcode                           the initramfs-tools hook (Docs/initramfs-tools/passcode),
#                                                             which does nothing unless /etc/crypttab names
#                                                             keyscript=…/passcode-askpass (Docs/Boot.md)
#   $(INITRAMFS_SCRIPTS_DIR)/init-premount/passcode           its boot scripts (Docs/initramfs-tools/scripts): they
#   $(INITRAMFS_SCRIPTS_DIR)/init-bottom/passcode               start and stop the initramfs's speech-dispatcher,
#                                                             and do nothing in an image the hook put no speech in;
#   $(INITRAMFS_SCRIPTS_DIR)/local-premount/passcode          and says "Disk unlocked" for a disk passcode-askpass
#                                                             asked for, once it is open
#   $(DATADIR)/passcode/speech-needs.sh                       what speech at boot needs, the one list the dracut
#                                                             module and the hook both read (Docs/boot-speech)
#
# installed-directories lists the directories `make install` made (they did not exist), deepest first;
# `make uninstall` removes those that are empty afterwards and no other, so a shared directory that was
# there before (/usr/local/share/man, …) stays. Without DESTDIR, the PREFIX is also written to
# .build/install/installed-prefix for `make uninstall`. When PREFIX is not /usr or /usr/local, the end of
# `make install` says what zsh (and fish, and PATH) need to find what it installed.
#
# DRACUT_MODULES_DIR is /usr/lib/dracut/modules.d for /usr and /usr/local alike: dracut reads its modules from that one
# directory (its dracutbasedir) and nowhere under /usr/local, so a module installed elsewhere would never
# be found. The module installs the passcode it finds in /usr/bin or /usr/local/bin. With another PREFIX
# (~/.local) the module is left out, unless DRACUT_MODULES_DIR is given. INITRAMFS_HOOKS_DIR is
# /usr/share/initramfs-tools/hooks in the same way, for the same reason (mkinitramfs reads hooks there and
# in /etc/initramfs-tools/hooks only). INITRAMFS_SCRIPTS_DIR is /usr/share/initramfs-tools/scripts likewise: a
# script the hook wrote into the image itself would never run, as mkinitramfs orders (ORDER, PREREQ) only the
# scripts it finds there and in /etc/initramfs-tools/scripts.
#
# The .deb holds that tree for PREFIX=/usr, plus what Debian asks of every package: the manual
# pages compressed with gzip -9n, /usr/share/doc/passcode/copyright and changelog.Debian.gz; the zsh
# completion goes to /usr/share/zsh/vendor-completions, the directory Debian's zsh searches; the units go to
# /usr/lib/systemd/system with ExecStart=/usr/bin/passcode; installed-directories is left out (dpkg knows).
# Its Depends are computed by dpkg-shlibdeps from the libraries the binary links, plus libspeechd2 and
# libglib2.0-0, which it loads with dlopen when first used; it Recommends bash-completion (without it bash
# completes nothing) and speech-dispatcher; it Suggests gpg-agent, and dracut, speech-dispatcher-espeak-ng and
# alsa-utils for speech at boot (Docs/Boot.md); it Provides
# pinentry and registers /usr/bin/pinentry-passcode as a (low-priority) /usr/bin/pinentry alternative.
# Removing it stops and disables the console units if they were enabled, so no link is left behind.
#
# Variables: PREFIX, DESTDIR, SYSTEMD_UNIT_DIR, DRACUT_MODULES_DIR, INITRAMFS_HOOKS_DIR, INITRAMFS_SCRIPTS_DIR, SWIFT (the swift driver: from PATH, else
# /opt/swift/usr/bin/swift), STRIP, DEB_MAINTAINER. The release build has its own scratch directory,
# .build/install, so another `swift build -c release` can never put a binary that needs the toolchain into
# the install.

SWIFT ?= $(shell command -v swift 2>/dev/null || echo /opt/swift/usr/bin/swift)
STRIP ?= strip
INSTALL ?= install
# `make uninstall` with no PREFIX given removes what the last `make install` without DESTDIR put in place.
INSTALLED_PREFIX_RECORD = .build/install/installed-prefix
ifeq ($(origin PREFIX)$(filter-out uninstall,$(MAKECMDGOALS)),undefined)
  ifneq ($(wildcard $(INSTALLED_PREFIX_RECORD)),)
    PREFIX := $(shell cat $(INSTALLED_PREFIX_RECORD))
  endif
endif
PREFIX ?= /usr/local
DESTDIR ?=

BINDIR = $(PREFIX)/bin
DATADIR = $(PREFIX)/share
MAN1DIR = $(DATADIR)/man/man1
LOCALEDIR = $(DATADIR)/locale
MSGFMT ?= msgfmt
DOCDIR = $(DATADIR)/doc/passcode
BASH_COMPLETION_DIR = $(DATADIR)/bash-completion/completions
ZSH_COMPLETION_DIR = $(DATADIR)/zsh/site-functions
FISH_COMPLETION_DIR = $(DATADIR)/fish/vendor_completions.d
SYSTEMD_UNIT_DIR = $(PREFIX)/lib/systemd/system
UNITS = passcode-agent-console.path passcode-agent-console.service
# The dracut module goes in only with a system PREFIX (a home-directory install cannot write there);
# DRACUT_MODULES_DIR= leaves it out, DRACUT_MODULES_DIR=DIR puts it elsewhere.
DRACUT_MODULES_DIR ?= $(if $(filter /usr /usr/local,$(PREFIX)),/usr/lib/dracut/modules.d)
DRACUT_MODULE = $(if $(DRACUT_MODULES_DIR),$(DRACUT_MODULES_DIR)/90passcode)
# The initramfs-tools hook, likewise only with a system PREFIX; INITRAMFS_HOOKS_DIR= leaves it out.
INITRAMFS_HOOKS_DIR ?= $(if $(filter /usr /usr/local,$(PREFIX)),/usr/share/initramfs-tools/hooks)
INITRAMFS_SCRIPTS_DIR ?= $(if $(INITRAMFS_HOOKS_DIR),$(patsubst %/hooks,%/scripts,$(INITRAMFS_HOOKS_DIR)))
INITRAMFS_SCRIPTS = init-premount/passcode local-premount/passcode init-bottom/passcode
SPEECH_NEEDS_DIR = $(DATADIR)/passcode
# Every directory `make install` puts a file in; those it has to make are recorded for `make uninstall`.
INSTALL_DIRECTORIES = $(BINDIR) $(MAN1DIR) $(DOCDIR) $(BASH_COMPLETION_DIR) $(ZSH_COMPLETION_DIR) \
  $(FISH_COMPLETION_DIR) $(SYSTEMD_UNIT_DIR) $(DRACUT_MODULE) $(INITRAMFS_HOOKS_DIR) \
  $(if $(INITRAMFS_SCRIPTS_DIR),$(addprefix $(INITRAMFS_SCRIPTS_DIR)/,init-premount local-premount init-bottom)) $(SPEECH_NEEDS_DIR) \
  $(foreach language,$(LANGUAGES),$(LOCALEDIR)/$(language)/LC_MESSAGES) \
  $(foreach language,$(MAN_LANGUAGES),$(DATADIR)/man/$(language)/man1)
DIRECTORY_RECORD = $(DOCDIR)/installed-directories

SCRATCH = .build/install
BINARY = $(SCRATCH)/release/passcode
COMPLETIONS = $(SCRATCH)/completions
SOURCES := Package.swift $(shell find Sources -type f)
DOCS = README.md CHANGELOG.md LICENSE $(wildcard Docs/*.md)
# One translation per Sources/PasscodeLocalization/po/LANGUAGE.po, and a manual per Docs/passcode.LANGUAGE.1.
LANGUAGES = $(basename $(notdir $(wildcard Sources/PasscodeLocalization/po/*.po)))
CATALOGUES = $(foreach language,$(LANGUAGES),$(SCRATCH)/locale/$(language)/LC_MESSAGES/passcode.mo)
MAN_LANGUAGES = $(patsubst Docs/passcode.%.1,%,$(wildcard Docs/passcode.*.1))

VERSION := $(shell sed -n 's/.*current = "\(.*\)".*/\1/p' Sources/PasscodeCommandLine/PasscodeVersion.swift)
ARCH = $(shell dpkg --print-architecture)
DEB = passcode_$(VERSION)_$(ARCH).deb
DEB_WORK = .build/deb
DEB_ROOT = $(DEB_WORK)/debian/passcode
DEB_MAINTAINER ?= The PasscodeKeypad authors <passcode@localhost>
# Loaded with dlopen when first used (speech, and the desktop screen-reader check), so dpkg-shlibdeps
# cannot see them.
DLOPEN_DEPENDS = libspeechd2, libglib2.0-0

.PHONY: all build check install uninstall deb clean

all: build

build: $(BINARY) $(COMPLETIONS)/passcode.bash $(COMPLETIONS)/_passcode $(COMPLETIONS)/passcode.fish $(CATALOGUES)

$(SCRATCH)/locale/%/LC_MESSAGES/passcode.mo: Sources/PasscodeLocalization/po/%.po
	@mkdir -p $(dir $@)
	$(MSGFMT) --check -o $@ $<

# The runtime check: the binary must not need the toolchain's libswiftCore at run time.
$(BINARY): $(SOURCES) .ci/release-build .ci/text-order.txt
	sh .ci/release-build --scratch-path $(SCRATCH) --product passcode
	@if ldd $@ | grep -q 'libswift\|/opt/swift'; then \
	  echo "error: $@ still needs the Swift runtime:" >&2; ldd $@ >&2; exit 1; fi
	@touch $@

$(COMPLETIONS)/passcode.bash: $(BINARY)
	@mkdir -p $(COMPLETIONS)
	$(BINARY) --generate-completion-script bash > $@
$(COMPLETIONS)/_passcode: $(BINARY)
	@mkdir -p $(COMPLETIONS)
	$(BINARY) --generate-completion-script zsh > $@
$(COMPLETIONS)/passcode.fish: $(BINARY)
	@mkdir -p $(COMPLETIONS)
	$(BINARY) --generate-completion-script fish > $@

check:
	$(SWIFT) build
	$(SWIFT) test

install: build
	@made=$$(for directory in $(INSTALL_DIRECTORIES); do \
	  while [ "$$directory" != / ] && [ ! -d "$(DESTDIR)$$directory" ]; do \
	    echo "$$directory"; directory=$$(dirname "$$directory"); done; \
	done); \
	$(INSTALL) -d $(addprefix $(DESTDIR),$(INSTALL_DIRECTORIES)) && \
	{ cat $(DESTDIR)$(DIRECTORY_RECORD) 2>/dev/null; [ -z "$$made" ] || printf '%s\n' $$made; } \
	  | LC_ALL=C sort -ru > $(DESTDIR)$(DIRECTORY_RECORD).new && \
	mv $(DESTDIR)$(DIRECTORY_RECORD).new $(DESTDIR)$(DIRECTORY_RECORD) && chmod 0644 $(DESTDIR)$(DIRECTORY_RECORD)
	$(INSTALL) -m 0755 $(BINARY) $(DESTDIR)$(BINDIR)/passcode
	$(STRIP) --strip-unneeded $(DESTDIR)$(BINDIR)/passcode
	ln -sf passcode $(DESTDIR)$(BINDIR)/pinentry-passcode
	ln -sf passcode $(DESTDIR)$(BINDIR)/passcode-askpass
	$(INSTALL) -m 0644 Docs/passcode.1 $(DESTDIR)$(MAN1DIR)/passcode.1
	ln -sf passcode.1 $(DESTDIR)$(MAN1DIR)/pinentry-passcode.1
	ln -sf passcode.1 $(DESTDIR)$(MAN1DIR)/passcode-askpass.1
	$(INSTALL) -m 0644 $(COMPLETIONS)/passcode.bash $(DESTDIR)$(BASH_COMPLETION_DIR)/passcode
	$(INSTALL) -m 0644 $(COMPLETIONS)/_passcode $(DESTDIR)$(ZSH_COMPLETION_DIR)/_passcode
	$(INSTALL) -m 0644 $(COMPLETIONS)/passcode.fish $(DESTDIR)$(FISH_COMPLETION_DIR)/passcode.fish
	$(INSTALL) -m 0644 $(DOCS) $(DESTDIR)$(DOCDIR)/
	for unit in $(UNITS); do \
	  sed 's|@BINDIR@|$(BINDIR)|g' Docs/systemd/$$unit > $(DESTDIR)$(SYSTEMD_UNIT_DIR)/$$unit && \
	  chmod 0644 $(DESTDIR)$(SYSTEMD_UNIT_DIR)/$$unit || exit 1; \
	done
	for language in $(LANGUAGES); do \
	  $(INSTALL) -m 0644 $(SCRATCH)/locale/$$language/LC_MESSAGES/passcode.mo \
	    $(DESTDIR)$(LOCALEDIR)/$$language/LC_MESSAGES/passcode.mo || exit 1; \
	done
	if [ -n "$(DRACUT_MODULE)" ]; then \
	  $(INSTALL) -m 0755 Docs/dracut/90passcode/module-setup.sh $(DESTDIR)$(DRACUT_MODULE)/module-setup.sh && \
	  $(INSTALL) -m 0644 $(addprefix Docs/systemd/,$(UNITS)) $(DESTDIR)$(DRACUT_MODULE)/; \
	fi
	if [ -n "$(INITRAMFS_HOOKS_DIR)" ]; then \
	  $(INSTALL) -m 0755 Docs/initramfs-tools/passcode $(DESTDIR)$(INITRAMFS_HOOKS_DIR)/passcode; \
	fi
	if [ -n "$(INITRAMFS_SCRIPTS_DIR)" ]; then \
	  for script in $(INITRAMFS_SCRIPTS); do \
	    $(INSTALL) -m 0755 Docs/initramfs-tools/scripts/$$script $(DESTDIR)$(INITRAMFS_SCRIPTS_DIR)/$$script || exit 1; \
	  done; \
	fi
	$(INSTALL) -m 0644 Docs/boot-speech/speech-needs.sh $(DESTDIR)$(SPEECH_NEEDS_DIR)/speech-needs.sh
	for language in $(MAN_LANGUAGES); do \
	  $(INSTALL) -m 0644 Docs/passcode.$$language.1 $(DESTDIR)$(DATADIR)/man/$$language/man1/passcode.1 && \
	  ln -sf passcode.1 $(DESTDIR)$(DATADIR)/man/$$language/man1/pinentry-passcode.1 && \
	  ln -sf passcode.1 $(DESTDIR)$(DATADIR)/man/$$language/man1/passcode-askpass.1 || exit 1; \
	done
	@if [ -z "$(DESTDIR)" ]; then mkdir -p $(dir $(INSTALLED_PREFIX_RECORD)) && \
	  echo "$(PREFIX)" > $(INSTALLED_PREFIX_RECORD); fi
	@case "$(PREFIX)" in /usr|/usr/local) ;; *) \
	  echo; \
	  echo "Installed under $(PREFIX), which is not searched by default:"; \
	  case ":$$PATH:" in *":$(BINDIR):"*) ;; *) echo "  PATH: add $(BINDIR) to PATH (in ~/.profile)";; esac; \
	  echo "  zsh: add to ~/.zshrc, before compinit:  fpath=($(ZSH_COMPLETION_DIR) \$$fpath)"; \
	  [ "$(DATADIR)" = "$$HOME/.local/share" ] || \
	    echo "  fish and bash-completion: add $(DATADIR) to XDG_DATA_DIRS"; \
	  echo "  systemd: the units in $(SYSTEMD_UNIT_DIR) need systemctl link (Docs/SystemdAgent.md)"; \
	esac

# Files first, then the directories `make install` made, if they are empty; never a directory that was
# there before. Enabled console units are disabled first, so no link is left pointing at nothing.
uninstall:
	@if [ -z "$(DESTDIR)" ] && [ -e $(SYSTEMD_UNIT_DIR)/passcode-agent-console.path ] && \
	  command -v systemctl >/dev/null && systemctl is-enabled --quiet passcode-agent-console.path 2>/dev/null; then \
	  echo "systemctl disable passcode-agent-console.path"; systemctl disable passcode-agent-console.path; fi
	rm -f $(DESTDIR)$(BINDIR)/passcode $(DESTDIR)$(BINDIR)/pinentry-passcode $(DESTDIR)$(BINDIR)/passcode-askpass
	rm -f $(DESTDIR)$(MAN1DIR)/passcode.1 $(DESTDIR)$(MAN1DIR)/pinentry-passcode.1 $(DESTDIR)$(MAN1DIR)/passcode-askpass.1
	rm -f $(DESTDIR)$(BASH_COMPLETION_DIR)/passcode $(DESTDIR)$(ZSH_COMPLETION_DIR)/_passcode \
	  $(DESTDIR)$(FISH_COMPLETION_DIR)/passcode.fish
	rm -f $(addprefix $(DESTDIR)$(SYSTEMD_UNIT_DIR)/,$(UNITS))
	rm -f $(addprefix $(DESTDIR)$(DOCDIR)/,$(notdir $(DOCS)))
	if [ -n "$(DRACUT_MODULE)" ]; then \
	  rm -f $(DESTDIR)$(DRACUT_MODULE)/module-setup.sh $(addprefix $(DESTDIR)$(DRACUT_MODULE)/,$(UNITS)); \
	fi
	if [ -n "$(INITRAMFS_HOOKS_DIR)" ]; then rm -f $(DESTDIR)$(INITRAMFS_HOOKS_DIR)/passcode; fi
	if [ -n "$(INITRAMFS_SCRIPTS_DIR)" ]; then rm -f $(addprefix $(DESTDIR)$(INITRAMFS_SCRIPTS_DIR)/,$(INITRAMFS_SCRIPTS)); fi
	rm -f $(DESTDIR)$(SPEECH_NEEDS_DIR)/speech-needs.sh
	for language in $(LANGUAGES); do rm -f $(DESTDIR)$(LOCALEDIR)/$$language/LC_MESSAGES/passcode.mo; done
	for language in $(MAN_LANGUAGES); do \
	  rm -f $(DESTDIR)$(DATADIR)/man/$$language/man1/passcode.1 $(DESTDIR)$(DATADIR)/man/$$language/man1/pinentry-passcode.1 \
	    $(DESTDIR)$(DATADIR)/man/$$language/man1/passcode-askpass.1; \
	done
	@made=$$(cat $(DESTDIR)$(DIRECTORY_RECORD) 2>/dev/null); rm -f $(DESTDIR)$(DIRECTORY_RECORD); \
	for directory in $$made; do rmdir "$(DESTDIR)$$directory" 2>/dev/null || true; done; \
	rmdir $(DESTDIR)$(DOCDIR) 2>/dev/null || true
	@if [ -z "$(DESTDIR)" ] && [ "$$(cat $(INSTALLED_PREFIX_RECORD) 2>/dev/null)" = "$(PREFIX)" ]; then \
	  rm -f $(INSTALLED_PREFIX_RECORD); fi
	@echo "Removed passcode from $(DESTDIR)$(PREFIX)"

# The Debian control file; @DEPENDS@ and @SIZE@ are filled in when the package is built.
define DEB_CONTROL
Package: passcode
Version: $(VERSION)
Architecture: $(ARCH)
Maintainer: $(DEB_MAINTAINER)
Installed-Size: @SIZE@
Depends: @DEPENDS@
Recommends: bash-completion, speech-dispatcher
Suggests: gpg-agent, dracut, speech-dispatcher-espeak-ng, alsa-utils
Provides: pinentry
Section: utils
Priority: optional
Description: accessible passcode and PIN entry for the terminal
 passcode asks for a passcode or PIN one key at a time and says where you
 are ("3 of 6 digits entered"), through speech-dispatcher or as plain lines
 for a screen reader or braille display. It never shows, speaks or logs a
 typed character, keeps the code in locked, wiped memory, and always gives
 the terminal back as it found it.
 .
 It stores an Argon2id hash with a persisted lockout, guards commands
 (passcode exec) and terminals (passcode lock), and is a pinentry for
 gpg-agent (pinentry-passcode), a systemd password agent, and a crypttab
 keyscript for the disk's passphrase at boot (passcode-askpass).
endef

define DEB_POSTINST
#!/bin/sh
set -e
if [ "$$1" = configure ]; then
  update-alternatives --install /usr/bin/pinentry pinentry /usr/bin/pinentry-passcode 20
fi
endef

define DEB_PRERM
#!/bin/sh
set -e
if [ "$$1" = remove ] || [ "$$1" = deconfigure ]; then
  update-alternatives --remove pinentry /usr/bin/pinentry-passcode
fi
if [ "$$1" = remove ] && grep -qs '^[[:space:]]*[^#].*keyscript=[^,[:space:]]*passcode-askpass' /etc/crypttab; then
  # The initramfs in /boot still holds passcode; the next one built (a kernel upgrade builds one) would not.
  # Said in the language of dpkg's environment (LANGUAGE, LANG) from passcode's own catalogue, which is still
  # installed while prerm runs, through gettext(1) (gettext-base); in English without it.
  for message in "warning: /etc/crypttab still names passcode-askpass as a keyscript." \
    "Before the next boot, take keyscript=...passcode-askpass out of /etc/crypttab and run 'update-initramfs -u': an initramfs built without passcode cannot ask for that disk."; do
    if command -v gettext >/dev/null 2>&1; then
      message=$$(TEXTDOMAIN=passcode TEXTDOMAINDIR=/usr/share/locale gettext "$$message" 2>/dev/null || printf '%s' "$$message")
    fi
    echo "passcode: $$message" >&2
  done
fi
if [ "$$1" = remove ]; then
  # The console units are the user's to enable; removing the package must not leave their links behind.
  if [ -d /run/systemd/system ]; then systemctl stop $(UNITS) >/dev/null 2>&1 || true; fi
  systemctl --no-reload disable $(UNITS) >/dev/null 2>&1 || true
fi
endef

define DEB_POSTRM
#!/bin/sh
set -e
if [ "$$1" = remove ] && [ -d /run/systemd/system ]; then
  systemctl daemon-reload >/dev/null 2>&1 || true
fi
endef

define DEB_CHANGELOG
passcode ($(VERSION)) unstable; urgency=medium

  * Built from PasscodeKeypad $(VERSION); see /usr/share/doc/passcode/CHANGELOG.md.

 -- $(DEB_MAINTAINER)  @DATE@
endef

define DEB_COPYRIGHT
Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: PasscodeKeypad

Files: *
Copyright: 2026 The PasscodeKeypad authors
License: Expat
endef

export DEB_CONTROL DEB_POSTINST DEB_PRERM DEB_POSTRM DEB_CHANGELOG DEB_COPYRIGHT

deb: build
	rm -rf $(DEB_WORK)
	$(MAKE) --no-print-directory install PREFIX=/usr DESTDIR=$(CURDIR)/$(DEB_ROOT) \
	  ZSH_COMPLETION_DIR=/usr/share/zsh/vendor-completions SYSTEMD_UNIT_DIR=/usr/lib/systemd/system
	rm $(DEB_ROOT)/usr/share/doc/passcode/installed-directories
	for directory in man1 $(addsuffix /man1,$(MAN_LANGUAGES)); do \
	  gzip -9n $(DEB_ROOT)/usr/share/man/$$directory/passcode.1 && \
	  rm $(DEB_ROOT)/usr/share/man/$$directory/pinentry-passcode.1 $(DEB_ROOT)/usr/share/man/$$directory/passcode-askpass.1 && \
	  ln -s passcode.1.gz $(DEB_ROOT)/usr/share/man/$$directory/pinentry-passcode.1.gz && \
	  ln -s passcode.1.gz $(DEB_ROOT)/usr/share/man/$$directory/passcode-askpass.1.gz || exit 1; \
	done
	{ printf '%s\n' "$$DEB_COPYRIGHT"; sed -n '/^Permission/,$$p' LICENSE | sed -e 's/^$$/./' -e 's/^/ /'; } \
	  > $(DEB_ROOT)/usr/share/doc/passcode/copyright
	printf '%s\n' "$$DEB_CHANGELOG" | sed "s/@DATE@/$$(date -R -u -d @$$(git log -1 --format=%ct 2>/dev/null || date +%s))/" \
	  | gzip -9n > $(DEB_ROOT)/usr/share/doc/passcode/changelog.Debian.gz
	chmod 0644 $(DEB_ROOT)/usr/share/doc/passcode/*
	$(INSTALL) -d $(DEB_ROOT)/DEBIAN
	printf '%s\n' "$$DEB_POSTINST" > $(DEB_ROOT)/DEBIAN/postinst
	printf '%s\n' "$$DEB_PRERM" > $(DEB_ROOT)/DEBIAN/prerm
	printf '%s\n' "$$DEB_POSTRM" > $(DEB_ROOT)/DEBIAN/postrm
	chmod 0755 $(DEB_ROOT)/DEBIAN/postinst $(DEB_ROOT)/DEBIAN/prerm $(DEB_ROOT)/DEBIAN/postrm
	cd $(DEB_ROOT) && find usr -type f -exec md5sum {} + | LC_ALL=C sort -k2 > DEBIAN/md5sums
	chmod 0644 $(DEB_ROOT)/DEBIAN/md5sums
	# dpkg-shlibdeps wants a debian/control naming the package; the stub is enough.
	printf 'Source: passcode\n\nPackage: passcode\nArchitecture: any\n' > $(DEB_WORK)/debian/control
	cd $(DEB_WORK) && dpkg-shlibdeps -O -e debian/passcode/usr/bin/passcode > shlibs
	printf '%s\n' "$$DEB_CONTROL" \
	  | sed -e "s/@DEPENDS@/$$(sed -n 's/^shlibs:Depends=//p' $(DEB_WORK)/shlibs), $(DLOPEN_DEPENDS)/" \
	    -e "s/@SIZE@/$$(du -sk --exclude=DEBIAN $(DEB_ROOT) | cut -f1)/" > $(DEB_ROOT)/DEBIAN/control
	dpkg-deb --root-owner-group -Zxz --build $(DEB_ROOT) $(DEB)
	@echo "Built $(DEB)"

clean:
	rm -rf $(SCRATCH) $(DEB_WORK)
	rm -f passcode_*.deb
	$(SWIFT) package clean
