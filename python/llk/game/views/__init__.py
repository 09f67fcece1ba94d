"""One arcade.View per screen."""
