"""The shared layer of the back-office API: domain rules, storage and HTTP encoding."""
