#!/bin/sh
# Writes the Loop Habit Tracker backups of the import tests with the sqlite3 shell, in the
# schemas of Loop's own migrations (uhabits' assets/migrations): loop-v15.db as a backup
# of Loop 1.x (Repetitions without value; Checkmarks, Score and Streak caches), loop-v25.db
# as one of Loop 2 (value from migration 16, target/unit from 18, question from 23, uuid
# from 24, Repetitions.notes from 25). Timestamps are UTC midnight in milliseconds.
# Run from this folder: sh make-loop-fixtures.sh
set -eu
rm -f loop-v15.db loop-v25.db
day() { echo $(( $(date -u -d "$1" +%s) * 1000 )); }
sqlite3 loop-v15.db <<SQL
create table Habits (id integer primary key autoincrement, archived integer, color integer, description text,
  freq_den integer, freq_num integer, highlight integer, name text, position integer, reminder_hour integer,
  reminder_min integer, reminder_days integer not null default 127);
create table Checkmarks (id integer primary key autoincrement, habit integer references habits(id), timestamp integer, value integer);
create table Repetitions (id integer primary key autoincrement, habit integer references habits(id), timestamp integer);
create table Streak (id integer primary key autoincrement, end integer, habit integer references habits(id), length integer, start integer);
create table Score (id integer primary key autoincrement, habit integer references habits(id), score integer, timestamp integer);
insert into Habits (id, archived, color, description, freq_den, freq_num, highlight, name, position) values
  (1, 0, 3, 'Did you stretch?', 1, 1, 0, 'Stretch', 0),
  (2, 0, 5, '', 7, 2, 0, '명상 🧘', 1);
insert into Repetitions (habit, timestamp) values
  (1, $(day 2026-11-10)), (1, $(day 2026-11-11)), (2, $(day 2026-11-12));
insert into Checkmarks (habit, timestamp, value) values (1, $(day 2026-11-12), 0);
pragma user_version = 15;
SQL
sqlite3 loop-v25.db <<SQL
create table Habits (id integer primary key autoincrement, archived integer, color integer, description text,
  freq_den integer, freq_num integer, highlight integer, name text, position integer, reminder_hour integer,
  reminder_min integer, reminder_days integer not null default 127, type integer not null default 0,
  target_type integer not null default 0, target_value real not null default 0, unit text not null default "",
  question text, uuid text);
create table Repetitions (id integer primary key autoincrement, habit integer not null references habits(id),
  timestamp integer not null, value integer not null, notes text);
create unique index idx_repetitions_habit_timestamp on Repetitions(habit, timestamp);
create table Events (id integer primary key autoincrement, timestamp integer, message text, server_id integer);
insert into Habits (id, archived, color, description, freq_den, freq_num, highlight, name, position,
  reminder_hour, reminder_min, type, target_type, target_value, unit, question, uuid) values
  (1, 0, 8, '', 1, 1, 0, 'Run', 0, 7, 30, 0, 0, 0, '', 'Did you run today?', 'a1b2c3d4e5f60718293a4b5c6d7e8f90'),
  (2, 0, 8, '', 7, 3, 0, 'Run', 1, null, null, 0, 0, 0, '', '', 'b1b2c3d4e5f60718293a4b5c6d7e8f90'),
  (3, 0, 2, '', 1, 1, 0, '물 마시기 💧', 2, null, null, 1, 0, 8, '잔', '', 'c1b2c3d4e5f60718293a4b5c6d7e8f90'),
  (4, 1, 1, '', 30, 2, 0, 'Gym', 3, null, null, 0, 0, 0, '', '', 'd1b2c3d4e5f60718293a4b5c6d7e8f90'),
  (5, 0, 0, 'Twenty pages, any book', 1, 1, 0, '📚 Read', 4, null, null, 0, 0, 0, '', '', 'e1b2c3d4e5f60718293a4b5c6d7e8f90');
insert into Repetitions (habit, timestamp, value, notes) values
  (1, $(day 2026-11-20), 2, '비 옴 ☔, ran indoors'),
  (1, $(day 2026-11-21), 1, null),
  (1, $(day 2026-11-22), 3, null),
  (1, $(day 2026-11-23), 0, ''),
  (1, $(day 2026-11-24), 2, null),
  (1, $(day 2026-12-05), 2, null),
  (2, $(day 2026-11-25), 2, null),
  (2, $(day 2026-11-26), 1, null),
  (3, $(day 2026-11-20), 8000, null),
  (3, $(day 2026-11-21), 5500, '반만 🥤'),
  (4, $(day 2026-10-01), 2, null),
  (4, $(day 2026-10-15), 2, null),
  (5, $(day 2026-11-28), 2, null),
  (99, $(day 2026-11-28), 2, null);
pragma user_version = 25;
SQL
