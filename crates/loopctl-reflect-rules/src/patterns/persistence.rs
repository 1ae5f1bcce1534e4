//! The data-access layers' own split of their exceptions into passing and lasting: Spring's `DataAccessException` tree, Hibernate's and Jakarta Persistence's exceptions, JDBC 4's `SQLException` subclasses, Go's `database/sql`, and the ORMs' optimistic-locking failures.
//!
//! These layers wrap the driver's message, and often replace it with one
//! that names nothing ("could not execute statement"), so the class name is
//! all a text has. Sources:
//! - spring-framework, `org.springframework.dao`: the subclasses of
//!   `TransientDataAccessException` are documented as failures "where a
//!   previously failed operation might be able to succeed when the
//!   operation is retried", those of `NonTransientDataAccessException` as
//!   failures a retry meets again.
//! - JDBC 4 (`java.sql`): `SQLTransientException` and its subclasses, as
//!   against `SQLNonTransientException` and its subclasses.
//! - hibernate-orm, `org.hibernate.exception`, and `jakarta.persistence`.
//! - Go's `database/sql`: `ErrNoRows` is an answer, not a blip.
//!
//! Left out on purpose, after a second reader's real texts: Spring's
//! `TransientDataAccessResourceException` (Spring maps MySQL's S1000 and
//! S1009 to it, and Spring Data throws it for a row that does not exist),
//! JDBC's `SQLRecoverableException` (Oracle's driver throws it for an
//! unknown host or a malformed URL) and Go's `driver: bad connection`
//! (`database/sql` has already retried it on a new connection, so what
//! reaches a caller is most often a wrong port). Each was wrong more often
//! than right on the texts found.
//!
//! A query time-out passes for JDBC and Spring but stays for a query that
//! is slow in itself, so it is weak. An optimistic-locking failure passes
//! when the call reads the row afresh and stays when the stale version
//! travels in the call's input, so those are weak too.

use super::Category::{Auth, Input, NotFound, Permanent, Transient};
use super::Pattern;
use super::Tier::{Strong, Weak};

pub(super) const PATTERNS: &[Pattern] = &[
    // Spring: TransientDataAccessException and its subclasses.
    ("transientdataaccessexception", Transient, Strong),
    ("concurrencyfailureexception", Transient, Strong),
    ("pessimisticlockingfailureexception", Transient, Strong),
    ("cannotacquirelockexception", Transient, Strong),
    ("cannotserializetransactionexception", Transient, Strong),
    ("deadlockloserdataaccessexception", Transient, Strong),
    ("optimisticlockingfailureexception", Transient, Weak),
    ("dao.querytimeoutexception", Transient, Weak),
    // "Might succeed if the application performs some recovery steps and
    // retries the entire transaction."
    ("recoverabledataaccessexception", Transient, Weak),
    // Spring: NonTransientDataAccessException and its subclasses. The
    // parent holds the transient parent's name inside it, and the longer
    // literal wins.
    ("nontransientdataaccessexception", Permanent, Strong),
    ("nontransientdataaccessresourceexception", Permanent, Strong),
    ("dataintegrityviolationexception", Permanent, Strong),
    ("duplicatekeyexception", Permanent, Weak), // right 0 of 1 times it decided
    ("badsqlgrammarexception", Input, Strong),
    ("invaliddataaccessapiusageexception", Input, Strong),
    ("invaliddataaccessresourceusageexception", Input, Strong),
    ("incorrectresultsizedataaccessexception", Permanent, Strong),
    ("emptyresultdataaccessexception", NotFound, Strong),
    ("permissiondenieddataaccessexception", Auth, Strong),
    ("typemismatchdataaccessexception", Input, Strong),
    // JDBC 4: the transient subclasses do not carry the parent's name.
    ("sqltransactionrollbackexception", Transient, Strong),
    ("java.sql.sqltimeoutexception", Transient, Weak),
    // JDBC 4: the non-transient subclasses.
    ("sqlsyntaxerrorexception", Input, Strong),
    (
        "sqlintegrityconstraintviolationexception",
        Permanent,
        Strong,
    ),
    ("java.sql.sqldataexception", Input, Strong),
    ("sqlfeaturenotsupportedexception", Permanent, Strong),
    ("sqlinvalidauthorizationspecexception", Auth, Strong),
    // Hibernate and Jakarta Persistence.
    ("lockacquisitionexception", Transient, Strong),
    ("persistence.locktimeoutexception", Transient, Strong),
    ("exception.locktimeoutexception", Transient, Strong),
    // Also thrown for a wrong JDBC URL or driver, which stays.
    ("jdbcconnectionexception", Transient, Weak),
    ("exception.sqlgrammarexception", Input, Strong),
    ("exception.constraintviolationexception", Permanent, Strong),
    ("hibernate.exception.dataexception", Input, Strong),
    // Optimistic locking, where the layer itself calls it a conflict with
    // another writer. SQLAlchemy's `StaleDataError` and EF Core's
    // `DbUpdateConcurrencyException` are also thrown for a row that was
    // never there or a mapping mistake, which recur on every attempt, so
    // they are left to the next reader.
    ("persistence.optimisticlockexception", Transient, Weak),
    ("activerecord::staleobjecterror", Transient, Weak),
    // Hibernate's own class, unwrapped: in both real texts found it was
    // thrown on every attempt (a stale copy the call sends again, or the
    // mapping mistake its message names). Spring's wrapper of it stays a
    // weak passing failure, as Spring classes it.
    ("hibernate.staleobjectstateexception", Permanent, Weak),
    ("sql: no rows in result set", NotFound, Strong),
];
