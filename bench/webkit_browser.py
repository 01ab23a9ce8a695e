"""A WebKitGTK browser for WebKitWebDriver with a profile on disk, as a player's browser keeps
one: `python3 webkit_browser.py --profile DIR` (run by Debian's /usr/bin/python3, which has
PyGObject; WebKit's bindings are Debian's gir1.2-webkit2-4.1).

WebKitGTK's MiniBrowser in automation mode keeps its session in memory only (no HTTP cache on
disk, no saved storage), like a private window. There, every request of a page or of its
service worker goes to the network, even with `cache: "force-cache"` or "only-if-cached", so
the service worker's precache cannot reuse what the page has just downloaded. This browser is
MiniBrowser's automation mode with an ordinary (persistent) data store in DIR, fresh when DIR
is: what a player's first visit in a WebKit browser sees.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any

import gi

gi.require_version("Gtk", "3.0")
gi.require_version("WebKit2", "4.1")
from gi.repository import Gtk, WebKit2  # noqa: E402 (after the versions are chosen)

NAME = "MiniBrowser"  # the browserName the driver's session asks for


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--profile", required=True, help="the data and cache directory")
    parser.add_argument("--automation", action="store_true")  # always: the driver passes it
    args, _ = parser.parse_known_args()
    data = os.path.join(args.profile, "data")
    cache = os.path.join(args.profile, "cache")
    manager = WebKit2.WebsiteDataManager(base_data_directory=data, base_cache_directory=cache)
    context = WebKit2.WebContext(website_data_manager=manager)
    context.set_cache_model(WebKit2.CacheModel.WEB_BROWSER)
    context.set_automation_allowed(True)
    windows: list[Gtk.Window] = []

    def new_view(_session: WebKit2.AutomationSession) -> WebKit2.WebView:
        view = WebKit2.WebView(web_context=context, is_controlled_by_automation=True)
        settings = view.get_settings()
        settings.set_enable_developer_extras(True)
        window = Gtk.Window()
        window.set_default_size(1280, 900)
        window.add(view)

        def closed(w: Any) -> None:
            windows.remove(w)
            if not windows:
                Gtk.main_quit()

        window.connect("destroy", closed)
        view.connect("close", lambda v: window.destroy())
        windows.append(window)
        window.show_all()
        return view

    def started(_context: WebKit2.WebContext, session: WebKit2.AutomationSession) -> None:
        info = WebKit2.ApplicationInfo()
        info.set_name(NAME)
        info.set_version(
            WebKit2.get_major_version(), WebKit2.get_minor_version(), WebKit2.get_micro_version()
        )
        session.set_application_info(info)
        session.connect("create-web-view", new_view)

    context.connect("automation-started", started)
    Gtk.main()
    return 0


if __name__ == "__main__":
    sys.exit(main())
