"""Adapters that turn hardware into domain events (`companion.core.events`) on the table's queue.

Each device has a real backend and a simulated one that drives the same library stack (a
pseudo-terminal for the tray's serial port, nfcpy's UDP driver for NFC, gpiozero's mock pins for GPIO),
chosen by configuration (`companion.config`).
"""
