"""Links: the app's conversations with other browsers and pages, each owning one: online
play's host (the referee and its invitations) and guest sides over WebRTC, what both sides
share (the transport, the chat), and an embedded game's messages with the page around its
frame. Like the controllers, each is given the roles it asks of the others
(:mod:`ui.model.roles`) and never imports a controller or another link."""
