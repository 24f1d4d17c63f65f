"""Play between browsers: the host's referee and the guest's link to it."""
