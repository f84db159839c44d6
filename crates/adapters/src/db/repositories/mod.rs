mod sessions;
mod users;
