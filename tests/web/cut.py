"""A cable between a phone and the Pi that a test can cut: a TCP relay on loopback. Cut, it drops every
connection through it and takes no new ones (a phone out of the Wi-Fi's reach); mended, it relays again."""

from __future__ import annotations

import contextlib
import socket
import threading


class Relay:
    def __init__(self, port: int) -> None:
        self.target = port
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = int(self.listener.getsockname()[1])
        self.cut = threading.Event()
        self._open: list[socket.socket] = []
        self._lock = threading.Lock()
        threading.Thread(target=self._accept, name="relay", daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                phone, _ = self.listener.accept()
            except OSError:
                return
            if self.cut.is_set():
                phone.close()
                continue
            pi = socket.create_connection(("127.0.0.1", self.target))
            with self._lock:
                self._open += [phone, pi]
            for a, b in ((phone, pi), (pi, phone)):
                threading.Thread(target=self._pipe, args=(a, b), daemon=True).start()

    @staticmethod
    def _pipe(source: socket.socket, sink: socket.socket) -> None:
        try:
            while chunk := source.recv(65536):
                sink.sendall(chunk)
        except OSError:
            pass
        finally:
            for end in (source, sink):
                end.close()

    def cut_off(self) -> None:
        self.cut.set()
        with self._lock:
            for end in self._open:
                with contextlib.suppress(OSError):  # already closed by the other side
                    end.shutdown(socket.SHUT_RDWR)
            self._open.clear()

    def mend(self) -> None:
        self.cut.clear()

    def close(self) -> None:
        self.cut_off()
        self.listener.close()
