//! The data-access layers' own split of their exceptions (Spring, JDBC 4, Hibernate and Jakarta Persistence, Go's `database/sql`), read where the message under the class name says nothing.

use loopctl_reflect_rules::Confidence;

use crate::verdicts::{assert_lasting, assert_passing, verdict};

#[test]
fn the_transient_classes_pass_though_the_message_names_nothing() {
    assert_passing(&[
        // researchstudio-sat/webofneeds#1129
        "CannotAcquireLockException: could not execute statement; SQL [n/a]; nested exception is org.hibernate.exception.LockAcquisitionException: could not execute statement",
        "org.springframework.dao.PessimisticLockingFailureException: could not execute statement",
        "org.springframework.dao.ConcurrencyFailureException: could not execute statement",
        "org.springframework.dao.CannotSerializeTransactionException: could not execute batch",
        "org.hibernate.exception.LockAcquisitionException: could not execute statement",
        "jakarta.persistence.LockTimeoutException: could not obtain lock",
        "java.sql.SQLTransactionRollbackException: could not execute batch",
    ]);
}

#[test]
fn the_non_transient_classes_stay() {
    assert_lasting(&[
        // The parents of Spring's non-transient tree hold the transient
        // names inside them.
        "org.springframework.dao.NonTransientDataAccessException: could not execute statement",
        "org.springframework.dao.NonTransientDataAccessResourceException: PreparedStatementCallback; SQL [select 1]",
        "org.springframework.dao.DataIntegrityViolationException: could not execute statement; SQL [n/a]",
        "org.springframework.jdbc.BadSqlGrammarException: StatementCallback; bad SQL grammar [select * from userz]",
        "org.springframework.dao.EmptyResultDataAccessException: Incorrect result size: expected 1, actual 0",
        "org.hibernate.exception.SQLGrammarException: could not extract ResultSet",
        "org.hibernate.exception.ConstraintViolationException: could not execute statement",
        "java.sql.SQLSyntaxErrorException: ORA-00942",
        "java.sql.SQLFeatureNotSupportedException: Method org.postgresql.jdbc.PgConnection.createNClob() is not yet implemented.",
        "sql: no rows in result set",
    ]);
}

#[test]
fn a_transient_class_never_overrules_a_refusal_or_a_slow_query() {
    assert_lasting(&[
        "org.springframework.dao.CannotAcquireLockException: PreparedStatementCallback; SQL [update jobs]; ERROR: permission denied for table jobs",
        "org.springframework.dao.PermissionDeniedDataAccessException: PreparedStatementCallback; SQL [drop table t]",
        "java.sql.SQLInvalidAuthorizationSpecException: could not execute statement",
        // A query time-out passes for JDBC, but the query is slow in itself.
        "org.springframework.dao.QueryTimeoutException: PreparedStatementCallback; SQL [select]; ERROR: canceling statement due to statement timeout",
    ]);
}

#[test]
fn an_optimistic_locking_failure_passes_only_weakly() {
    // It passes when the call reads the row afresh, and stays when the
    // stale version travels in the call's input.
    for text in [
        // duo-labs/markdown-to-confluence#6
        r#"b'{"statusCode":409,"data":{"authorized":false,"valid":true,"errors":[],"successful":false},"message":"com.atlassian.confluence.api.service.exceptions.ConflictException: javax.persistence.OptimisticLockException: Batch update returned unexpected row count from update [0]; actual row count: 0; expected: 1"}'"#,
        "org.springframework.orm.ObjectOptimisticLockingFailureException: Row was updated or deleted by another transaction (or unsaved-value mapping was incorrect)",
        "ActiveRecord::StaleObjectError: Attempted to update a stale object: Order.",
    ] {
        assert_eq!(verdict(text), (true, Confidence::Weak), "{text}");
    }
}

#[test]
fn classes_that_also_mean_a_mistake_are_not_read_as_passing() {
    // A second reader's texts: each class was thrown for a wrong port, a
    // wrong URL, a parameter bug or a row that was never there, and failed
    // on every attempt, so these classes are not in the table.
    assert_lasting(&[
        // apache/shardingsphere#13754
        "org.springframework.dao.TransientDataAccessResourceException:  ### Error updating database.  Cause: java.sql.SQLException: Statement parameter 4 not set. ### The error may involve defaultParameterMap ### The error occurred while setting parameters ### SQL: INSERT INTO t_user (user_id, user_name, pwd) VALUES (?, ?, ?) ### Cause: java.sql.SQLException: Statement parameter 4 not set.",
        // Altinity/clickhouse-backup#94: the HTTP port, not the native one.
        "Error: driver: bad connection",
        // A wrong JDBC URL form, from Cloudera's troubleshooting notes.
        "java.sql.SQLRecoverableException: IO Error: Invalid number format for port number",
        // sqlalchemy/sqlalchemy#8833 and dotnet/efcore#9166: thrown on
        // every attempt.
        "sqlalchemy.orm.exc.StaleDataError: UPDATE statement on table 'applications' expected to update 1 row(s); 0 were matched.",
        "Abp.Domain.Uow.AbpDbConcurrencyException: Database operation expected to affect 1 row(s) but actually affected 0 row(s). Data may have been modified or deleted since entities were loaded. ---> Microsoft.EntityFrameworkCore.DbUpdateConcurrencyException: Database operation expected to affect 1 row(s) but actually affected 0 row(s).",
    ]);
}
