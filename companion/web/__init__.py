"""The phones at the table (issue 27): a web view served by the Pi on the local network, one phone per seat
(a hero, a Dungeon Roll player, a Descent hero) or a spectator's, each in its own language.

    web = WebServer()                       # on the UI thread, once
    web.start(host, port)                   # aiohttp in a thread of its own, with its own event loop
    web.new_game(table)                     # fresh tokens for the seats of the game in play; old ones revoked
    web.url_for(seat)                       # the join URL of a seat (or SPECTATOR), its token in it
    web.publish(table)                      # after each committed update: every phone gets its new view
    table.phones = web                      # a phone's choice comes back as a `PhoneChoice` on the table's queue

No Kivy here: the views are built from the table (`views.snapshot`, on the UI thread) and put in each phone's
language (`views.render`, on the server's thread); the texts are the catalogues' (`web.po`).
"""
