"""Links: the app's conversations with other browsers and pages, each owning one: online
play's host (the referee and its invitations) and guest sides over WebRTC, and an embedded
game's messages with the page around its frame. Like the controllers, each declares what it
asks of the app as a Protocol and never imports a controller or another link."""
