export interface paths {
    "/api/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Health check
         * @description Answers once the database answers.
         *
         *     **Who may call it:** Anyone.
         */
        get: operations["get_api_health"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * This description
         * @description The API as OpenAPI 3.1, generated from the routes, their validators and the contract.
         *
         *     **Who may call it:** Anyone.
         */
        get: operations["get_api_openapi_json"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/docs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The reference page
         * @description This document as a page to read and, on a local server, to try.
         *
         *     **Who may call it:** Anyone.
         */
        get: operations["get_api_docs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in
         * @description Sets the HttpOnly session cookie. A Bearer client asks for the token in the body with `?bearer=true`. An account with a second factor sends its `code` in the same request (401 until it does).
         *
         *     **Who may call it:** Anyone.
         */
        post: operations["post_api_login"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign out
         * @description **Who may call it:** Anyone signed in.
         */
        post: operations["post_api_logout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Who is signed in
         * @description **Who may call it:** Anyone signed in.
         */
        get: operations["get_api_me"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/login/code": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Second sign-in step
         * @description The second factor code after a social sign-in, whose session still owes it.
         *
         *     **Who may call it:** Anyone signed in.
         */
        post: operations["post_api_login_code"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/second-factor": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Second factor status
         * @description **Who may call it:** Anyone signed in.
         */
        get: operations["get_api_second_factor"];
        put?: never;
        /**
         * Confirm the second factor
         * @description **Who may call it:** Anyone signed in.
         */
        post: operations["post_api_second_factor"];
        /**
         * Turn the second factor off
         * @description **Who may call it:** Anyone signed in.
         */
        delete: operations["delete_api_second_factor"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/second-factor/setup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start enrolling a second factor
         * @description **Who may call it:** Anyone signed in.
         */
        post: operations["post_api_second_factor_setup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/medics/{id}/second-factor": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Reset another medic's second factor
         * @description **Who may call it:** An approved medic.
         *
         *     Written to the audit log as "reset second factor".
         */
        delete: operations["delete_api_medics_by_id_second_factor"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * My open sessions
         * @description **Who may call it:** Anyone signed in.
         */
        get: operations["get_api_sessions"];
        put?: never;
        post?: never;
        /**
         * End my other sessions
         * @description **Who may call it:** Anyone signed in.
         */
        delete: operations["delete_api_sessions"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/sessions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * End one of my sessions
         * @description **Who may call it:** Anyone signed in.
         */
        delete: operations["delete_api_sessions_by_id"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/patients/{id}/audit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A patient's raw audit rows
         * @description **Who may call it:** An approved medic.
         *
         *     Written to the audit log as "read audit trail".
         */
        get: operations["get_api_patients_by_id_audit"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/patients/{id}/access-log": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A patient's access log
         * @description **Who may call it:** An approved medic, or the patient whose records these are (anyone else gets 404).
         *
         *     Written to the audit log as "read access log".
         */
        get: operations["get_api_patients_by_id_access_log"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/patients": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List, search or find patients
         * @description `document` or `email`: that one patient (a patient may ask only about themselves). Otherwise a page of patients for medics: `q` searches names or documents, `contains` feeds the calendar's picker (first matches, not counted).
         *
         *     **Who may call it:** An approved medic, or the patient whose records these are (anyone else gets 404).
         *
         *     Written to the audit log as "read patients".
         */
        get: operations["get_api_patients"];
        put?: never;
        /**
         * Sign up, or register a patient
         * @description Without a session: sign-up, with `infoUser.password`. An approved medic registers a patient with no password (they claim the account through password reset).
         *
         *     **Who may call it:** Nobody signed in (signing up), or an approved medic (registering someone).
         */
        post: operations["post_api_patients"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/medics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List medics, or find one by email
         * @description **Who may call it:** An approved medic.
         */
        get: operations["get_api_medics"];
        put?: never;
        /**
         * Sign up as a medic, or register one
         * @description Without a session: a medic's sign-up, approved by a medic of the clinic later. An approved medic registers another ('Medical record').
         *
         *     **Who may call it:** Nobody signed in (signing up), or an approved medic (registering someone).
         */
        post: operations["post_api_medics"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/login/oneUser": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Whether an email has an account
         * @description A medic's question only (SPEC's account check; no account discovery for anyone else).
         *
         *     **Who may call it:** An approved medic.
         */
        post: operations["post_api_login_oneUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/medics/pending": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Medics waiting for approval
         * @description **Who may call it:** An approved medic.
         */
        get: operations["get_api_medics_pending"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/medics/{id}/approve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Approve a medic
         * @description **Who may call it:** An approved medic.
         */
        put: operations["put_api_medics_by_id_approve"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/password/reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mail a password reset link
         * @description Answers 'Check your email box' for every well-formed email: it never says who has an account.
         *
         *     **Who may call it:** Anyone.
         */
        post: operations["post_api_password_reset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/password/reupdate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Set a new password with a reset link
         * @description **Who may call it:** Anyone.
         */
        put: operations["put_api_password_reupdate"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/password/update": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Change the password
         * @description **Who may call it:** Anyone signed in.
         */
        put: operations["put_api_password_update"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/oidc/start": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Start a social sign-in
         * @description **Who may call it:** Anyone.
         */
        get: operations["get_api_auth_oidc_start"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/oidc/callback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Finish a social sign-in
         * @description **Who may call it:** Anyone.
         */
        get: operations["get_api_auth_oidc_callback"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Clinics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The clinic
         * @description **Who may call it:** Anyone signed in.
         */
        get: operations["get_api_Clinics"];
        /**
         * Update the clinic
         * @description **Who may call it:** An approved medic.
         */
        put: operations["put_api_Clinics"];
        /**
         * Create the clinic
         * @description **Who may call it:** An approved medic.
         */
        post: operations["post_api_Clinics"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Clinics/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Update the clinic by ID
         * @description **Who may call it:** An approved medic.
         */
        put: operations["put_api_Clinics_by_id"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/treatments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The price list
         * @description **Who may call it:** An approved medic.
         */
        get: operations["get_api_treatments"];
        /**
         * Change a treatment's price
         * @description **Who may call it:** An approved medic.
         */
        put: operations["put_api_treatments"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/medics/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Update my medic profile
         * @description **Who may call it:** An approved medic.
         */
        put: operations["put_api_medics_by_id"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/patients/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A patient
         * @description **Who may call it:** An approved medic, or the patient whose records these are (anyone else gets 404).
         *
         *     Written to the audit log as "read patient".
         */
        get: operations["get_api_patients_by_id"];
        /**
         * Update a patient
         * @description A medic sends Update patient; a patient their own profile (Spanish messages), with the current password for email or document changes.
         *
         *     **Who may call it:** An approved medic, or the patient whose records these are (anyone else gets 404).
         *
         *     Written to the audit log as "update patient".
         */
        put: operations["put_api_patients_by_id"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/clinicalhistories/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A patient's clinical history
         * @description No history answers 404 with `msg` 'No hay Hc' (SPEC's words).
         *
         *     **Who may call it:** An approved medic, or the patient whose records these are (anyone else gets 404).
         *
         *     Written to the audit log as "read clinical history".
         */
        get: operations["get_api_clinicalhistories_search"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/clinicalhistories": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a clinical history
         * @description **Who may call it:** An approved medic, or the patient whose records these are (anyone else gets 404).
         *
         *     Written to the audit log as "create clinical history".
         */
        post: operations["post_api_clinicalhistories"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/evolutions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A patient's evolutions
         * @description **Who may call it:** An approved medic, or the patient whose records these are (anyone else gets 404).
         *
         *     Written to the audit log as "read evolutions".
         */
        get: operations["get_api_evolutions"];
        put?: never;
        /**
         * Add an evolution
         * @description The author is the signed-in medic.
         *
         *     **Who may call it:** An approved medic.
         *
         *     Written to the audit log as "create evolution".
         */
        post: operations["post_api_evolutions"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/studies/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A patient's studies
         * @description **Who may call it:** An approved medic, or the patient whose records these are (anyone else gets 404).
         *
         *     Written to the audit log as "read studies".
         */
        get: operations["get_api_studies_search"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/studies": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add a study
         * @description `multipart/form-data`: `patient`, `studyType`, `description` and the PDF in `file` (20 MB at most, PDF by content).
         *
         *     **Who may call it:** An approved medic.
         *
         *     Written to the audit log as "create study".
         */
        post: operations["post_api_studies"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/studies/{id}/file": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A study's PDF
         * @description **Who may call it:** An approved medic, or the patient whose records these are (anyone else gets 404).
         *
         *     Written to the audit log as "read study file".
         */
        get: operations["get_api_studies_by_id_file"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tooth": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The teeth
         * @description **Who may call it:** Anyone signed in.
         */
        get: operations["get_api_tooth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/turns": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Turns
         * @description Medics: every turn, by `from` and `to`. A patient: their own.
         *
         *     **Who may call it:** An approved medic, or the patient whose records these are (anyone else gets 404).
         *
         *     Written to the audit log as "read turns".
         */
        get: operations["get_api_turns"];
        put?: never;
        /**
         * Book a turn
         * @description A medic books a turn; a patient requests a consultation (SPEC's appointment request).
         *
         *     **Who may call it:** An approved medic, or the patient whose records these are (anyone else gets 404).
         *
         *     Written to the audit log as "create turn".
         */
        post: operations["post_api_turns"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/turns/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A patient's turns
         * @description **Who may call it:** An approved medic, or the patient whose records these are (anyone else gets 404).
         *
         *     Written to the audit log as "read turns".
         */
        get: operations["get_api_turns_search"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/turns/free": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Free slots of a day
         * @description **Who may call it:** An approved medic, or the patient whose records these are (anyone else gets 404).
         */
        get: operations["get_api_turns_free"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/turns/live": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Live agenda (WebSocket)
         * @description Change notices (dates and turn IDs, never patient data) while the screen is open.
         *
         *     **Who may call it:** An approved medic, or the patient whose records these are (anyone else gets 404).
         */
        get: operations["get_api_turns_live"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/turns/update/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Accept a turn
         * @description **Who may call it:** An approved medic, or the patient whose records these are (anyone else gets 404).
         *
         *     Written to the audit log as "update turn".
         */
        put: operations["put_api_turns_update_by_id"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/turns/delete/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Cancel a turn
         * @description **Who may call it:** An approved medic, or the patient whose records these are (anyone else gets 404).
         *
         *     Written to the audit log as "cancel turn".
         */
        delete: operations["delete_api_turns_delete_by_id"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/turns/move/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Move a turn
         * @description **Who may call it:** An approved medic.
         *
         *     Written to the audit log as "move turn".
         */
        put: operations["put_api_turns_move_by_id"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/reminders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * My reminder setting
         * @description **Who may call it:** A signed-in patient, for their own records.
         */
        get: operations["get_api_reminders"];
        /**
         * Turn reminder mails on or off
         * @description **Who may call it:** A signed-in patient, for their own records.
         */
        put: operations["put_api_reminders"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/reminders/off": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The mailed opt-out link
         * @description Shows a button; the link alone changes nothing.
         *
         *     **Who may call it:** Anyone.
         */
        get: operations["get_api_reminders_off"];
        put?: never;
        /**
         * Opt out of reminders
         * @description **Who may call it:** Anyone.
         */
        post: operations["post_api_reminders_off"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Budgets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Budgets
         * @description **Who may call it:** An approved medic, or the patient whose records these are (anyone else gets 404).
         *
         *     Written to the audit log as "read budgets".
         */
        get: operations["get_api_Budgets"];
        /**
         * Store the payment link, or mark paid
         * @description **Who may call it:** An approved medic.
         *
         *     Written to the audit log as "update budget".
         */
        put: operations["put_api_Budgets"];
        /**
         * Create a budget
         * @description With `withPaymentLink`, the budget and its payment link in one call, or nothing.
         *
         *     **Who may call it:** An approved medic.
         *
         *     Written to the audit log as "create budget".
         */
        post: operations["post_api_Budgets"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Budgets/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A budget
         * @description **Who may call it:** An approved medic, or the patient whose records these are (anyone else gets 404).
         *
         *     Written to the audit log as "read budget".
         */
        get: operations["get_api_Budgets_by_id"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/payments/create_preference": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A payment link for a budget
         * @description **Who may call it:** An approved medic, or the patient whose records these are (anyone else gets 404).
         *
         *     Written to the audit log as "create payment link".
         */
        post: operations["post_api_payments_create_preference"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/payments/demo-checkout/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Demo checkout page
         * @description Local runs only (the stand-in for Stripe Checkout).
         *
         *     **Who may call it:** An approved medic, or the patient whose records these are (anyone else gets 404).
         *
         *     Written to the audit log as "read demo checkout".
         */
        get: operations["get_api_payments_demo_checkout_by_id"];
        put?: never;
        /**
         * Pay on the demo checkout
         * @description Local runs only: signs and posts the same webhook event Stripe would.
         *
         *     **Who may call it:** An approved medic, or the patient whose records these are (anyone else gets 404).
         *
         *     Written to the audit log as "pay on demo checkout".
         */
        post: operations["post_api_payments_demo_checkout_by_id"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/payments/webhook": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Stripe's payment webhook
         * @description Stripe's servers call it; the signature on the raw body is its authentication. Each event takes effect once.
         *
         *     **Who may call it:** Anyone.
         *
         *     Written to the audit log as "payment webhook".
         */
        post: operations["post_api_payments_webhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** @description The body of every error answer. */
        Error: {
            /**
             * @description A code for programs; the HTTP status says the same in numbers.
             * @enum {string}
             */
            error: "unauthorized" | "forbidden" | "not_found" | "conflict" | "too_large" | "unsupported_media_type" | "invalid" | "bad_request" | "upgrade_required" | "too_many_requests" | "internal" | "unavailable";
            /** @description For people: the screens show it as it is. */
            msg: string;
            /** @description Invalid input (422): one message per field path, e.g. `infoUser.name`. */
            errors?: {
                [key: string]: {
                    msg: string;
                };
            };
            /** @description Also in the `X-Request-Id` header and the server log line. */
            requestId?: string;
        };
        /** @description The answer of `?validate=true`: one message per field path, none when the body is valid. */
        DryRun: {
            errors: {
                [key: string]: {
                    msg: string;
                };
            };
        };
        /** @description Who signed in. The session cookie is set too. */
        LoginResult: {
            /** @description Only with `?bearer=true`: send it as `Authorization: Bearer <token>`. Browsers use the cookie. */
            token?: string;
            /** @enum {string} */
            userType: "Patient" | "Medic";
            name: string;
            lastName: string;
            document: string;
            email: string;
            /**
             * @description The clinic requires a second factor this medic has not set up: only the enrolment opens.
             * @constant
             */
            secondFactor?: "enrol";
        };
        Me: {
            ID: number;
            email: string;
            name: string;
            lastName: string;
            document: string;
            /** @enum {string} */
            userType: "Patient" | "Medic";
            approved: boolean;
            incomplete: boolean;
            doctorTitle: string | null;
            patientID: number | null;
            medicID: number | null;
            /** @description The sign-in step this session still owes; null when complete. */
            pending: ("enrol" | "code") | null;
        };
        SignUpResult: {
            ID: number;
            /** @enum {string} */
            userType: "Patient" | "Medic";
            email: string;
            /** @description False while a self-registered medic waits for approval. */
            approved: boolean;
        };
        /** @description A patient: the user record and the patient record in one object. */
        Patient: {
            ID: number;
            userID: number;
            /** @constant */
            userType: "Patient";
            name: string;
            lastName: string;
            document: string;
            email: string;
            street: string;
            number: string;
            city: string;
            postalCode: string;
            birth: string;
            cellphone: string;
            telephone: string;
            imageProfile: string | null;
            medicalService: string;
            obraSocial: string | null;
            showClinicalHistory: boolean;
            tutor: string | null;
            fullName: string;
            age: number | null;
        };
        PatientListEntry: {
            ID: number;
            name: string;
            lastName: string;
            document: string;
            email: string;
            Patient: {
                ID: number;
            };
        };
        Medic: {
            ID: number;
            UserID: number;
            ClinicID: number;
            /** @constant */
            userType: "Medic";
            name: string;
            lastName: string;
            document: string;
            email: string;
            street: string;
            number: string;
            city: string;
            postalCode: string;
            birth: string;
            cellphone: string;
            telephone: string;
            imageProfile: string | null;
            doctorTitle: string;
            doctorSpecialization: string;
            doctorTuitionDate: string;
            doctorTuitionNumber: number | null;
            approved: boolean;
        };
        MedicRecordResult: {
            ID: number;
            UserID: number;
            ClinicID: number;
            /** @constant */
            userType: "Medic";
            name: string;
            lastName: string;
            document: string;
            email: string;
            street: string;
            number: string;
            city: string;
            postalCode: string;
            birth: string;
            cellphone: string;
            telephone: string;
            imageProfile: string | null;
            doctorTitle: string;
            doctorSpecialization: string;
            doctorTuitionDate: string;
            doctorTuitionNumber: number | null;
            approved: boolean;
            clinicUpdated: boolean;
        };
        PendingMedic: {
            medicID: number;
            ID: number;
            name: string;
            lastName: string;
            email: string;
            document: string;
            doctorTuitionNumber: number | null;
        };
        Clinic: {
            ID: number;
            name: string;
            imgLogo: string;
            street: string;
            number: string;
            city: string;
            postalcode: string;
            telephone: string;
            email: string;
            hours: string;
            /** @description Decimal hours. */
            turnStandardDuration: number;
            /** @description JSON text: per weekday (0 = Sunday) its ranges in decimal hours. */
            officeHours: string;
            /** @description IANA time zone: "tomorrow" and office hours are judged in it. */
            timeZone: string;
            /** @description ISO 4217 code used on every amount. */
            currency: string;
            requireMedicSecondFactor: boolean;
        };
        Treatment: {
            ID: string;
            creationDate: string;
            updateDate: string;
            treatmentType: string;
            description: string;
            /** @description In the clinic's currency units. */
            price: number;
            ClinicID: number;
        };
        Tooth: {
            ID: number;
            zone: string;
            position: number;
        };
        ClinicalHistory: {
            b_smoker: boolean;
            b_useDrugs: boolean;
            b_pregnant: boolean;
            b_takeMedicine: boolean;
            b_sufferedFromIllness: boolean;
            b_alergicToMedicine: boolean;
            b_normalWoundHealing: boolean;
            ic_anginaPectoris: boolean;
            ic_myocardialInfarction: boolean;
            ic_hypertension: boolean;
            ic_vascularAffections: boolean;
            ih_anemia: boolean;
            ih_leukemia: boolean;
            ih_haemophilia: boolean;
            ih_alterationWhiteSerie: boolean;
            ir_asthma: boolean;
            ir_pulmonaryEdema: boolean;
            ir_ephysemia: boolean;
            ir_tuberculosis: boolean;
            ir_chronicBronchitis: boolean;
            ig_ulcer: boolean;
            ig_hepatitis: boolean;
            ig_cirrohsis: boolean;
            in_epilepsy: boolean;
            in_useOfTranquilizers: boolean;
            in_seizures: boolean;
            ib_osteoporosis: boolean;
            ib_paget: boolean;
            ib_rickets: boolean;
            ib_osteomalacia: boolean;
            b_other: string;
            ic_other: string;
            ih_other: string;
            ir_other: string;
            ig_other: string;
            in_other: string;
            ib_other: string;
            ID: number;
            patient: number;
            createdAt: string;
        };
        Evolution: {
            ID: number;
            date: string;
            observations: string;
            MedicID: number;
            PatientID: number;
            TreatmentID: string | null;
            toothID: number | null;
            /** @description "Dr. Gregory House": the medic as the patient page shows them. */
            medic: string;
            treatment: string | null;
        };
        Study: {
            ID: number;
            /** @enum {string} */
            studyType: "laboratory" | "complementary";
            description: string | null;
            patient: number;
            /** @description Where the study is: this API (checks access, then streams the PDF) or an https link kept elsewhere. */
            attach: string | null;
            fileName: string | null;
            createdAt: string;
        };
        Turn: {
            ID: number;
            /** @description YYYY-MM-DD, in the clinic time zone. */
            date: string;
            /** @description Decimal hours: 9.5 is 09:30. */
            time: number;
            /** @description Decimal hours. */
            duration: number;
            description: string;
            medicAccepts: boolean;
            patientAccepts: boolean;
            MedicID: number;
            PatientID: number;
            isConsultation: boolean;
            budgetID: number | null;
            budgetPaid: boolean | null;
            userPatient: {
                name: string;
                lastName: string;
                document: string;
            };
        };
        FreeSlots: {
            date: string;
            /** @description Start times in decimal hours. */
            slots: number[];
        };
        /** @description A budget with its lines; amounts in the clinic's currency units. */
        Budget: {
            ID: number;
            PatientID: number;
            patientFullName: string;
            patientDocument: string;
            treatments: {
                ID: string;
                treatmentType: string;
                description: string;
                price: number;
                quantity: number;
                subTotalPrice: number;
            }[];
            discount: number | null;
            totalPrice: number;
            paid: boolean;
            linkPayment: string | null;
            idPayment: string | null;
            creationDate: string;
            updateDate: string;
        };
        BudgetDetails: {
            ID: number;
            PatientID: number;
            patientFullName: string;
            patientDocument: string;
            treatments: {
                ID: string;
                treatmentType: string;
                description: string;
                price: number;
                quantity: number;
                subTotalPrice: number;
            }[];
            discount: number | null;
            totalPrice: number;
            paid: boolean;
            linkPayment: string | null;
            idPayment: string | null;
            creationDate: string;
            updateDate: string;
            patient: {
                name: string;
                lastName: string;
                age: number | null;
                document: string;
                cellphone: string;
                medicalService: string;
            };
        };
        PaymentPreference: {
            /** @description Where the patient pays. */
            linkPayment: string;
            id: string;
        };
        AccessLogRow: {
            ID: number;
            /** @description UTC timestamp. */
            at: string;
            action: string;
            /** @description Method and path, for medics; patients get null. */
            route: string | null;
            status: number;
            /** @enum {string} */
            result: "Done" | "Refused" | "Failed";
            by: {
                /** @enum {string} */
                kind: "medic" | "you" | "patient" | "other";
                name: string;
            };
        };
        Sessions: {
            id: string;
            current: boolean;
            startedAt: string;
            lastUsedAt: string;
            browser: string;
            place: string;
        }[];
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    get_api_health: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The API and its database answer. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        ok: true;
                    };
                };
            };
            /** @description Local runs answer only loopback host names. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Something went wrong (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_api_openapi_json: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The OpenAPI document. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Local runs answer only loopback host names. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Something went wrong (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_api_docs: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The API reference page. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Local runs answer only loopback host names. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Something went wrong (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    post_api_login: {
        parameters: {
            query?: {
                /** @description `true`: run every check of the write, write nothing, answer 200 `{ errors }`. */
                validate?: "true";
                /** @description `true`: the answer carries the session `token`, for `Authorization: Bearer`. */
                bearer?: "true";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: string;
                    password: string;
                    code?: string;
                };
            };
        };
        responses: {
            /** @description Signed in. Or: With `?validate=true`: every check the write would make, nothing written. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "userType": "Medic",
                     *       "name": "Gregory",
                     *       "lastName": "House",
                     *       "document": "20123456",
                     *       "email": "medic@clinic.test"
                     *     }
                     */
                    "application/json": components["schemas"]["LoginResult"] | components["schemas"]["DryRun"];
                };
            };
            /** @description The body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Incorrect username or password, or the second factor code is missing or wrong. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Local runs answer only loopback host names. A write from another site (`Origin`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is too large (1 MB of JSON). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid input: `errors` holds one message per field path. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many failed sign-ins from this address, or too many wrong passwords for this account lately. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Something went wrong (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Deployed without its origin setting (`APP_ORIGIN`): nothing was written. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    post_api_logout: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The session ended and its cookie is cleared. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                    };
                };
            };
            /** @description The body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in, or the sign-in is not finished. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed. A write from another site (`Origin`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is too large (1 MB of JSON). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Something went wrong (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Deployed without its origin setting (`APP_ORIGIN`): nothing was written. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_api_me: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The signed-in user. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ID": 1,
                     *       "email": "medic@clinic.test",
                     *       "name": "Gregory",
                     *       "lastName": "House",
                     *       "document": "20123456",
                     *       "userType": "Medic",
                     *       "approved": true,
                     *       "incomplete": false,
                     *       "doctorTitle": "Dr.",
                     *       "patientID": null,
                     *       "medicID": 1,
                     *       "pending": null
                     *     }
                     */
                    "application/json": components["schemas"]["Me"];
                };
            };
            /** @description Not signed in, or the sign-in is not finished. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Something went wrong (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    post_api_login_code: {
        parameters: {
            query?: {
                /** @description `true`: run every check of the write, write nothing, answer 200 `{ errors }`. */
                validate?: "true";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    code: string;
                };
            };
        };
        responses: {
            /** @description Signed in. Or: With `?validate=true`: every check the write would make, nothing written. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LoginResult"] | components["schemas"]["DryRun"];
                };
            };
            /** @description The body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in, or the sign-in is not finished. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed. A write from another site (`Origin`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description This session owes no code. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is too large (1 MB of JSON). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid input: `errors` holds one message per field path. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many wrong codes or passwords for this account: wait and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Something went wrong (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Deployed without its origin setting (`APP_ORIGIN`): nothing was written. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_api_second_factor: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Whether a factor is set up and required. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        enabled: boolean;
                        required: boolean;
                        recoveryCodesLeft: number;
                        hasPassword: boolean;
                    };
                };
            };
            /** @description Not signed in, or the sign-in is not finished. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Something went wrong (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    post_api_second_factor: {
        parameters: {
            query?: {
                /** @description `true`: run every check of the write, write nothing, answer 200 `{ errors }`. */
                validate?: "true";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    code: string;
                    currentPassword?: string;
                };
            };
        };
        responses: {
            /** @description On; the recovery codes, shown this once. Or: With `?validate=true`: every check the write would make, nothing written. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        msg: string;
                        recoveryCodes: string[];
                    } | components["schemas"]["DryRun"];
                };
            };
            /** @description The body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in, or the sign-in is not finished. The code is wrong. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed. A write from another site (`Origin`). The current password is wrong. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Already on, or no enrolment was started. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is too large (1 MB of JSON). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid input: `errors` holds one message per field path. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many wrong codes or passwords for this account: wait and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Something went wrong (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Second factors are not configured on this deployment. Deployed without its origin setting (`APP_ORIGIN`): nothing was written. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    delete_api_second_factor: {
        parameters: {
            query?: {
                /** @description `true`: run every check of the write, write nothing, answer 200 `{ errors }`. */
                validate?: "true";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    code: string;
                    currentPassword?: string;
                };
            };
        };
        responses: {
            /** @description Off. Or: With `?validate=true`: every check the write would make, nothing written. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        msg: string;
                    } | components["schemas"]["DryRun"];
                };
            };
            /** @description The body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in, or the sign-in is not finished. The code is wrong. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed. A write from another site (`Origin`). The current password is wrong, or the clinic requires medics' second factor. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No second factor is on. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is too large (1 MB of JSON). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid input: `errors` holds one message per field path. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many wrong codes or passwords for this account: wait and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Something went wrong (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Deployed without its origin setting (`APP_ORIGIN`): nothing was written. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    post_api_second_factor_setup: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The secret, shown once, until the first code confirms it. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        secret: string;
                        uri: string;
                        qrSvg: string;
                    };
                };
            };
            /** @description The body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in, or the sign-in is not finished. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed. A write from another site (`Origin`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A second factor is already on. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is too large (1 MB of JSON). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Something went wrong (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Second factors are not configured on this deployment. Deployed without its origin setting (`APP_ORIGIN`): nothing was written. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    delete_api_medics_by_id_second_factor: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Reset: the medic enrols again at the next sign-in. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        msg: string;
                    };
                };
            };
            /** @description The body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in, or the sign-in is not finished. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed for this caller. A write from another site (`Origin`). A medic cannot reset their own. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (or not yours). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is too large (1 MB of JSON). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Something went wrong (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Deployed without its origin setting (`APP_ORIGIN`): nothing was written. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_api_sessions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Newest first. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Sessions"];
                };
            };
            /** @description Not signed in, or the sign-in is not finished. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Something went wrong (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    delete_api_sessions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every other session ended. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        msg: string;
                        ended: number;
                    };
                };
            };
            /** @description The body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in, or the sign-in is not finished. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed. A write from another site (`Origin`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is too large (1 MB of JSON). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Something went wrong (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Deployed without its origin setting (`APP_ORIGIN`): nothing was written. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    delete_api_sessions_by_id: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Ended. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        msg: string;
                    };
                };
            };
            /** @description The body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in, or the sign-in is not finished. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed. A write from another site (`Origin`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (or not yours). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is too large (1 MB of JSON). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Something went wrong (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Deployed without its origin setting (`APP_ORIGIN`): nothing was written. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_api_patients_by_id_audit: {
        parameters: {
            query?: {
                limit?: string;
                offset?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Newest first. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        at: string;
                        userId: number | null;
                        action: string;
                        patientId: number | null;
                        route: string;
                        status: number;
                        patientIds: string | null;
                    }[];
                };
            };
            /** @description Not signed in, or the sign-in is not finished. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed for this caller. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (or not yours). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid input: `errors` holds one message per field path. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Something went wrong (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_api_patients_by_id_access_log: {
        parameters: {
            query?: {
                limit?: string;
                offset?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Who opened or changed the record, newest first. */
            200: {
                headers: {
                    /** @description The full count of the list (a lower bound when `X-Total-Count-Exact` is false). */
                    "X-Total-Count"?: number;
                    /** @description `false` when a search counted only up to its cap past the page. */
                    "X-Total-Count-Exact"?: "false";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccessLogRow"][];
                };
            };
            /** @description Not signed in, or the sign-in is not finished. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed for this caller. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (or not yours). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid input: `errors` holds one message per field path. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Something went wrong (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_api_patients: {
        parameters: {
            query?: {
                q?: string;
                contains?: string;
                document?: string;
                email?: string;
                limit?: string;
                offset?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of patients, or the one patient asked for. */
            200: {
                headers: {
                    /** @description The full count of the list (a lower bound when `X-Total-Count-Exact` is false). */
                    "X-Total-Count"?: number;
                    /** @description `false` when a search counted only up to its cap past the page. */
                    "X-Total-Count-Exact"?: "false";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "ID": 1,
                     *         "name": "Lisa",
                     *         "lastName": "Simpson",
                     *         "document": "35123456",
                     *         "email": "patient@clinic.test",
                     *         "Patient": {
                     *           "ID": 1
                     *         }
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["PatientListEntry"][] | components["schemas"]["Patient"];
                };
            };
            /** @description Not signed in, or the sign-in is not finished. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed for this caller. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (or not yours). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid input: `errors` holds one message per field path. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Something went wrong (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    post_api_patients: {
        parameters: {
            query?: {
                /** @description `true`: run every check of the write, write nothing, answer 200 `{ errors }`. */
                validate?: "true";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    infoUser: {
                        email: string;
                        password: string;
                        confirmPassword?: string;
                        name: string;
                        lastName: string;
                        document: string | number;
                        /** Format: date */
                        birth: string;
                    };
                    infoPatient: {
                        obraSocial: string | number;
                        /** @default  */
                        medicalService?: string;
                    };
                } | {
                    infoUser: {
                        name: string;
                        lastName: string;
                        street: string;
                        number: string | number;
                        city: string;
                        postalCode: string | number;
                        birth: string;
                        cellphone: string;
                        telephone: string;
                        document: string | number;
                        email: string;
                    };
                    infoPatient: {
                        medicalService: string;
                    };
                };
            };
        };
        responses: {
            /** @description With `?validate=true`: every check the write would make, nothing written. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DryRun"];
                };
            };
            /** @description The new account (sign-up) or the new patient (a medic). */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignUpResult"] | components["schemas"]["Patient"];
                };
            };
            /** @description The body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed for this caller. A write from another site (`Origin`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description This user already exists. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is too large (1 MB of JSON). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid input: `errors` holds one message per field path. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many sign-ups from this address. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Something went wrong (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Deployed without its origin setting (`APP_ORIGIN`): nothing was written. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_api_medics: {
        parameters: {
            query?: {
                email?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every medic, or the one with `email`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Medic"][] | components["schemas"]["Medic"];
                };
            };
            /** @description Not signed in, or the sign-in is not finished. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed for this caller. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid input: `errors` holds one message per field path. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Something went wrong (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    post_api_medics: {
        parameters: {
            query?: {
                /** @description `true`: run every check of the write, write nothing, answer 200 `{ errors }`. */
                validate?: "true";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    infoUser: {
                        email: string;
                        password: string;
                        confirmPassword?: string;
                        name: string;
                        lastName: string;
                        document: string | number;
                        /** Format: date */
                        birth: string;
                    };
                    infoMedic: {
                        tuition_number: string | number;
                    };
                    /** @default 1 */
                    ClinicID?: number;
                } | {
                    infoUser: {
                        document: string | number;
                        name: string;
                        lastName: string;
                        birth: string;
                        street: string;
                        number: string | number;
                        city: string;
                        postalCode: string | number;
                        telephone: string;
                        cellphone: string;
                        email: string;
                        password: string;
                    };
                    infoMedic: {
                        title: string;
                        specialization: string;
                        tuition_date: string;
                        tuition_number: string | number;
                    };
                    infoClinic?: {
                        logo: string;
                        name: string;
                        street: string;
                        number: string | number;
                        city: string;
                        postalCode: string | number;
                        telephone: string;
                        email: string;
                        hours: string;
                    };
                    /** @default 1 */
                    ClinicID?: number;
                };
            };
        };
        responses: {
            /** @description With `?validate=true`: every check the write would make, nothing written. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DryRun"];
                };
            };
            /** @description The new account, or the new medic. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignUpResult"] | components["schemas"]["MedicRecordResult"];
                };
            };
            /** @description The body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed for this caller. A write from another site (`Origin`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description This user already exists. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is too large (1 MB of JSON). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid input: `errors` holds one message per field path. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many sign-ups from this address. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Something went wrong (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Deployed without its origin setting (`APP_ORIGIN`): nothing was written. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    post_api_login_oneUser: {
        parameters: {
            query?: {
                /** @description `true`: run every check of the write, write nothing, answer 200 `{ errors }`. */
                validate?: "true";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: string;
                };
            };
        };
        responses: {
            /** @description `success` is true when the email has an account. Or: With `?validate=true`: every check the write would make, nothing written. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                    } | components["schemas"]["DryRun"];
                };
            };
            /** @description The body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in, or the sign-in is not finished. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed for this caller. A write from another site (`Origin`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is too large (1 MB of JSON). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid input: `errors` holds one message per field path. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Something went wrong (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Deployed without its origin setting (`APP_ORIGIN`): nothing was written. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_api_medics_pending: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Oldest first. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PendingMedic"][];
                };
            };
            /** @description Not signed in, or the sign-in is not finished. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed for this caller. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Something went wrong (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    put_api_medics_by_id_approve: {
        parameters: {
            query?: {
                /** @description `true`: run every check of the write, write nothing, answer 200 `{ errors }`. */
                validate?: "true";
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Approved (mailed). Or: With `?validate=true`: every check the write would make, nothing written. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        msg: string;
                    } | components["schemas"]["DryRun"];
                };
            };
            /** @description The body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in, or the sign-in is not finished. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed for this caller. A write from another site (`Origin`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (or not yours). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is too large (1 MB of JSON). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Something went wrong (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Mail is not configured on this deployment: nothing was sent or changed. Deployed without its origin setting (`APP_ORIGIN`): nothing was written. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    post_api_password_reset: {
        parameters: {
            query?: {
                /** @description `true`: run every check of the write, write nothing, answer 200 `{ errors }`. */
                validate?: "true";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: string;
                };
            };
        };
        responses: {
            /** @description Done (a link is mailed when the email has an account). Or: With `?validate=true`: every check the write would make, nothing written. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        msg: string;
                    } | components["schemas"]["DryRun"];
                };
            };
            /** @description The body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Local runs answer only loopback host names. A write from another site (`Origin`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is too large (1 MB of JSON). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid input: `errors` holds one message per field path. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many attempts: wait and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Something went wrong (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Mail is not configured on this deployment: nothing was sent or changed. Deployed without its origin setting (`APP_ORIGIN`): nothing was written. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    put_api_password_reupdate: {
        parameters: {
            query?: {
                /** @description `true`: run every check of the write, write nothing, answer 200 `{ errors }`. */
                validate?: "true";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: string;
                    password: string;
                    confirmPassword?: string;
                    token: string;
                };
            };
        };
        responses: {
            /** @description The password is changed; every session of the account ends. Or: With `?validate=true`: every check the write would make, nothing written. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        msg: string;
                    } | components["schemas"]["DryRun"];
                };
            };
            /** @description The body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Local runs answer only loopback host names. A write from another site (`Origin`). The link is not valid or has expired. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is too large (1 MB of JSON). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid input: `errors` holds one message per field path. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many attempts: wait and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Something went wrong (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Deployed without its origin setting (`APP_ORIGIN`): nothing was written. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    put_api_password_update: {
        parameters: {
            query?: {
                /** @description `true`: run every check of the write, write nothing, answer 200 `{ errors }`. */
                validate?: "true";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email?: string;
                    currentPassword: string;
                    newPassword: string;
                    confirmPassword?: string;
                    code?: "" | string;
                };
            };
        };
        responses: {
            /** @description The password is changed; the other sessions end. Or: With `?validate=true`: every check the write would make, nothing written. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        msg: string;
                    } | components["schemas"]["DryRun"];
                };
            };
            /** @description The body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in, or the sign-in is not finished. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed. A write from another site (`Origin`). The current password is wrong. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is too large (1 MB of JSON). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid input: `errors` holds one message per field path. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many wrong codes or passwords for this account: wait and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Something went wrong (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Deployed without its origin setting (`APP_ORIGIN`): nothing was written. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_api_auth_oidc_start: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description To the provider's sign-in page, or back to the app when it is not set up. */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Local runs answer only loopback host names. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Something went wrong (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_api_auth_oidc_callback: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Back to the app, signed in (or with the reason it failed). */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Local runs answer only loopback host names. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Something went wrong (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_api_Clinics: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The clinic. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ID": 1,
                     *       "name": "Demo Clinic",
                     *       "imgLogo": "",
                     *       "street": "Main Street",
                     *       "number": "100",
                     *       "city": "Springfield",
                     *       "postalcode": "1000",
                     *       "telephone": "011 4555 0100",
                     *       "email": "info@clinic.test",
                     *       "hours": "Monday to Friday 9–13 and 14–18",
                     *       "turnStandardDuration": 0.5,
                     *       "officeHours": "{\"1\":[[9,13],[14,18]],\"2\":[[9,13],[14,18]],\"3\":[[9,13],[14,18]],\"4\":[[9,13],[14,18]],\"5\":[[9,13],[14,18]]}",
                     *       "timeZone": "America/Argentina/Buenos_Aires",
                     *       "currency": "ARS",
                     *       "requireMedicSecondFactor": false
                     *     }
                     */
                    "application/json": components["schemas"]["Clinic"];
                };
            };
            /** @description Not signed in, or the sign-in is not finished. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Something went wrong (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    put_api_Clinics: {
        parameters: {
            query?: {
                /** @description `true`: run every check of the write, write nothing, answer 200 `{ errors }`. */
                validate?: "true";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": unknown;
            };
        };
        responses: {
            /** @description The stored clinic. Or: With `?validate=true`: every check the write would make, nothing written. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Clinic"] | components["schemas"]["DryRun"];
                };
            };
            /** @description The body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in, or the sign-in is not finished. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed for this caller. A write from another site (`Origin`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is too large (1 MB of JSON). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid input: `errors` holds one message per field path. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Something went wrong (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Deployed without its origin setting (`APP_ORIGIN`): nothing was written. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    post_api_Clinics: {
        parameters: {
            query?: {
                /** @description `true`: run every check of the write, write nothing, answer 200 `{ errors }`. */
                validate?: "true";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    street: string;
                    city: string;
                    number: string | number;
                    postalcode: string | number;
                    telephone: string;
                    email: string;
                    imgLogo: string;
                    turnStandardDuration: number | string;
                    officeHours: string;
                    /** @default  */
                    hours?: string;
                    /** @default UTC */
                    timeZone?: string;
                    /** @default ARS */
                    currency?: string;
                    /** @default true */
                    requireMedicSecondFactor?: boolean;
                };
            };
        };
        responses: {
            /** @description With `?validate=true`: every check the write would make, nothing written. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DryRun"];
                };
            };
            /** @description Created. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Clinic"];
                };
            };
            /** @description The body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in, or the sign-in is not finished. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed for this caller. A write from another site (`Origin`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The clinic already exists. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is too large (1 MB of JSON). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid input: `errors` holds one message per field path. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Something went wrong (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Deployed without its origin setting (`APP_ORIGIN`): nothing was written. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    put_api_Clinics_by_id: {
        parameters: {
            query?: {
                /** @description `true`: run every check of the write, write nothing, answer 200 `{ errors }`. */
                validate?: "true";
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": unknown;
            };
        };
        responses: {
            /** @description The stored clinic. Or: With `?validate=true`: every check the write would make, nothing written. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Clinic"] | components["schemas"]["DryRun"];
                };
            };
            /** @description The body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in, or the sign-in is not finished. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed for this caller. A write from another site (`Origin`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (or not yours). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is too large (1 MB of JSON). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid input: `errors` holds one message per field path. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Something went wrong (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Deployed without its origin setting (`APP_ORIGIN`): nothing was written. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_api_treatments: {
        parameters: {
            query?: {
                q?: string;
                limit?: string;
                offset?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of treatments. */
            200: {
                headers: {
                    /** @description The full count of the list (a lower bound when `X-Total-Count-Exact` is false). */
                    "X-Total-Count"?: number;
                    /** @description `false` when a search counted only up to its cap past the page. */
                    "X-Total-Count-Exact"?: "false";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Treatment"][];
                };
            };
            /** @description Not signed in, or the sign-in is not finished. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed for this caller. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid input: `errors` holds one message per field path. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Something went wrong (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    put_api_treatments: {
        parameters: {
            query?: {
                /** @description `true`: run every check of the write, write nothing, answer 200 `{ errors }`. */
                validate?: "true";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    ID: string;
                    price: number | string;
                };
            };
        };
        responses: {
            /** @description The treatment. Or: With `?validate=true`: every check the write would make, nothing written. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Treatment"] | components["schemas"]["DryRun"];
                };
            };
            /** @description The body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in, or the sign-in is not finished. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed for this caller. A write from another site (`Origin`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is too large (1 MB of JSON). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid input: `errors` holds one message per field path. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Something went wrong (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Deployed without its origin setting (`APP_ORIGIN`): nothing was written. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    put_api_medics_by_id: {
        parameters: {
            query?: {
                /** @description `true`: run every check of the write, write nothing, answer 200 `{ errors }`. */
                validate?: "true";
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    currentPassword?: string;
                    code?: "" | string;
                    infoUser: {
                        name: string;
                        lastName: string;
                        email: string;
                        birth: string;
                        telephone: string;
                        cellphone: string;
                        street: string;
                        number: string | number;
                        city: string;
                        postalCode: string | number;
                    };
                    infoMedic: {
                        specialization: string;
                        tuition_date: string;
                    };
                    ClinicID?: number;
                };
            };
        };
        responses: {
            /** @description The updated medic. Or: With `?validate=true`: every check the write would make, nothing written. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Medic"] | components["schemas"]["DryRun"];
                };
            };
            /** @description The body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in, or the sign-in is not finished. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed for this caller. A write from another site (`Origin`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (or not yours). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The email belongs to someone else. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is too large (1 MB of JSON). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid input: `errors` holds one message per field path. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many changes of document or email in this session. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Something went wrong (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Deployed without its origin setting (`APP_ORIGIN`): nothing was written. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_api_patients_by_id: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The patient. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ID": 1,
                     *       "userID": 2,
                     *       "userType": "Patient",
                     *       "name": "Lisa",
                     *       "lastName": "Simpson",
                     *       "document": "35123456",
                     *       "street": "Evergreen Terrace",
                     *       "number": "742",
                     *       "city": "Springfield",
                     *       "postalCode": "1001",
                     *       "birth": "1992-05-09",
                     *       "cellphone": "1155550202",
                     *       "telephone": "1145550202",
                     *       "email": "patient@clinic.test",
                     *       "imageProfile": null,
                     *       "medicalService": "OSDE",
                     *       "obraSocial": null,
                     *       "showClinicalHistory": true,
                     *       "tutor": null,
                     *       "fullName": "Lisa Simpson",
                     *       "age": 34
                     *     }
                     */
                    "application/json": components["schemas"]["Patient"];
                };
            };
            /** @description Not signed in, or the sign-in is not finished. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed for this caller. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (or not yours). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Something went wrong (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    put_api_patients_by_id: {
        parameters: {
            query?: {
                /** @description `true`: run every check of the write, write nothing, answer 200 `{ errors }`. */
                validate?: "true";
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    ID?: unknown;
                    infoUser: {
                        name: string;
                        lastName: string;
                        street: string;
                        number: string | number;
                        city: string;
                        postalCode: string | number;
                        birth: string;
                        cellphone: string;
                        telephone: string;
                    };
                    infoPatient: {
                        medicalService: string;
                    };
                } | {
                    ID?: unknown;
                    infoUser: {
                        name: string;
                        lastName: string;
                        document: string | number;
                        email: string;
                        birth: string;
                        telephone: string;
                        cellphone: string;
                        street: string;
                        number: string | number;
                        city: string;
                        postalCode: string | number;
                    };
                    infoPatient: {
                        medicalService: string;
                    };
                    currentPassword?: string;
                    code?: "" | string;
                };
            };
        };
        responses: {
            /** @description The updated patient. Or: With `?validate=true`: every check the write would make, nothing written. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Patient"] | components["schemas"]["DryRun"];
                };
            };
            /** @description The body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in, or the sign-in is not finished. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed for this caller. A write from another site (`Origin`). The current password is wrong. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (or not yours). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The document or email belongs to someone else. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is too large (1 MB of JSON). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid input: `errors` holds one message per field path. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many changes of document or email in this session. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Something went wrong (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Deployed without its origin setting (`APP_ORIGIN`): nothing was written. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_api_clinicalhistories_search: {
        parameters: {
            query: {
                id: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The clinical history. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ClinicalHistory"];
                };
            };
            /** @description Not signed in, or the sign-in is not finished. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed for this caller. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (or not yours). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid input: `errors` holds one message per field path. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Something went wrong (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    post_api_clinicalhistories: {
        parameters: {
            query?: {
                /** @description `true`: run every check of the write, write nothing, answer 200 `{ errors }`. */
                validate?: "true";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    b_smoker: boolean;
                    b_useDrugs: boolean;
                    b_pregnant: boolean;
                    b_takeMedicine: boolean;
                    b_sufferedFromIllness: boolean;
                    b_alergicToMedicine: boolean;
                    b_normalWoundHealing: boolean;
                    ic_anginaPectoris: boolean;
                    ic_myocardialInfarction: boolean;
                    ic_hypertension: boolean;
                    ic_vascularAffections: boolean;
                    ih_anemia: boolean;
                    ih_leukemia: boolean;
                    ih_haemophilia: boolean;
                    ih_alterationWhiteSerie: boolean;
                    ir_asthma: boolean;
                    ir_pulmonaryEdema: boolean;
                    ir_ephysemia: boolean;
                    ir_tuberculosis: boolean;
                    ir_chronicBronchitis: boolean;
                    ig_ulcer: boolean;
                    ig_hepatitis: boolean;
                    ig_cirrohsis: boolean;
                    in_epilepsy: boolean;
                    in_useOfTranquilizers: boolean;
                    in_seizures: boolean;
                    ib_osteoporosis: boolean;
                    ib_paget: boolean;
                    ib_rickets: boolean;
                    ib_osteomalacia: boolean;
                    /** @default  */
                    b_other?: string;
                    /** @default  */
                    ic_other?: string;
                    /** @default  */
                    ih_other?: string;
                    /** @default  */
                    ir_other?: string;
                    /** @default  */
                    ig_other?: string;
                    /** @default  */
                    in_other?: string;
                    /** @default  */
                    ib_other?: string;
                    patient: number | string;
                };
            };
        };
        responses: {
            /** @description With `?validate=true`: every check the write would make, nothing written. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DryRun"];
                };
            };
            /** @description Created. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ID: number;
                        patient: number;
                        msg: string;
                    };
                };
            };
            /** @description The body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in, or the sign-in is not finished. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed for this caller. A write from another site (`Origin`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (or not yours). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The patient already has one. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is too large (1 MB of JSON). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid input: `errors` holds one message per field path. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Something went wrong (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Deployed without its origin setting (`APP_ORIGIN`): nothing was written. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_api_evolutions: {
        parameters: {
            query: {
                PatientID: string;
                limit?: string;
                offset?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Newest first. */
            200: {
                headers: {
                    /** @description The full count of the list (a lower bound when `X-Total-Count-Exact` is false). */
                    "X-Total-Count"?: number;
                    /** @description `false` when a search counted only up to its cap past the page. */
                    "X-Total-Count-Exact"?: "false";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Evolution"][];
                };
            };
            /** @description Not signed in, or the sign-in is not finished. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed for this caller. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (or not yours). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid input: `errors` holds one message per field path. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Something went wrong (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    post_api_evolutions: {
        parameters: {
            query?: {
                /** @description `true`: run every check of the write, write nothing, answer 200 `{ errors }`. */
                validate?: "true";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    date: string;
                    observations: string;
                    PatientID: unknown;
                    TreatmentID: unknown;
                    toothID: unknown;
                };
            };
        };
        responses: {
            /** @description With `?validate=true`: every check the write would make, nothing written. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DryRun"];
                };
            };
            /** @description Added. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ID: number;
                        date: string;
                        observations: string;
                        MedicID: number;
                        PatientID: number;
                        TreatmentID: string;
                        toothID: number;
                    };
                };
            };
            /** @description The body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in, or the sign-in is not finished. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed for this caller. A write from another site (`Origin`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is too large (1 MB of JSON). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid input: `errors` holds one message per field path. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Something went wrong (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Deployed without its origin setting (`APP_ORIGIN`): nothing was written. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_api_studies_search: {
        parameters: {
            query: {
                id: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The studies. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Study"][];
                };
            };
            /** @description Not signed in, or the sign-in is not finished. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed for this caller. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (or not yours). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid input: `errors` holds one message per field path. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Something went wrong (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    post_api_studies: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Added. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Study"];
                };
            };
            /** @description The body is not valid JSON. A field is repeated, or the form has too many parts. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in, or the sign-in is not finished. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed for this caller. A write from another site (`Origin`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is too large (1 MB of JSON). The file is larger than 20 MB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not JSON. The file is not a PDF. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Something went wrong (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Deployed without its origin setting (`APP_ORIGIN`): nothing was written. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_api_studies_by_id_file: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The PDF. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                };
            };
            /** @description Not signed in, or the sign-in is not finished. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed for this caller. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (or not yours). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Something went wrong (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_api_tooth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description FDI numbering, in order. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Tooth"][];
                };
            };
            /** @description Not signed in, or the sign-in is not finished. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Something went wrong (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_api_turns: {
        parameters: {
            query?: {
                from?: string;
                to?: string;
                limit?: string;
                offset?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of turns. */
            200: {
                headers: {
                    /** @description The full count of the list (a lower bound when `X-Total-Count-Exact` is false). */
                    "X-Total-Count"?: number;
                    /** @description `false` when a search counted only up to its cap past the page. */
                    "X-Total-Count-Exact"?: "false";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "ID": 1,
                     *         "date": "2026-12-01",
                     *         "time": 9.5,
                     *         "duration": 0.5,
                     *         "description": "Check-up",
                     *         "medicAccepts": true,
                     *         "patientAccepts": true,
                     *         "MedicID": 1,
                     *         "PatientID": 1,
                     *         "isConsultation": false,
                     *         "budgetID": null,
                     *         "budgetPaid": null,
                     *         "userPatient": {
                     *           "name": "Lisa",
                     *           "lastName": "Simpson",
                     *           "document": "35123456"
                     *         }
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["Turn"][];
                };
            };
            /** @description Not signed in, or the sign-in is not finished. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed for this caller. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (or not yours). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid input: `errors` holds one message per field path. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Something went wrong (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    post_api_turns: {
        parameters: {
            query?: {
                /** @description `true`: run every check of the write, write nothing, answer 200 `{ errors }`. */
                validate?: "true";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    date: string;
                    time: number | string;
                    duration: number | string;
                    description: string;
                    PatientID: number | string;
                    MedicID?: unknown;
                    medicAccepts?: unknown;
                    patientAccepts?: unknown;
                    email?: unknown;
                } | {
                    date: string;
                    time: number | string;
                };
            };
        };
        responses: {
            /** @description With `?validate=true`: every check the write would make, nothing written. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DryRun"];
                };
            };
            /** @description Booked. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Turn"];
                };
            };
            /** @description The body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in, or the sign-in is not finished. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed for this caller. A write from another site (`Origin`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (or not yours). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Out of office hours, taken, or a consultation is already booked. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is too large (1 MB of JSON). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid input: `errors` holds one message per field path. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Something went wrong (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Deployed without its origin setting (`APP_ORIGIN`): nothing was written. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_api_turns_search: {
        parameters: {
            query: {
                ID: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of turns. */
            200: {
                headers: {
                    /** @description The full count of the list (a lower bound when `X-Total-Count-Exact` is false). */
                    "X-Total-Count"?: number;
                    /** @description `false` when a search counted only up to its cap past the page. */
                    "X-Total-Count-Exact"?: "false";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "ID": 1,
                     *         "date": "2026-12-01",
                     *         "time": 9.5,
                     *         "duration": 0.5,
                     *         "description": "Check-up",
                     *         "medicAccepts": true,
                     *         "patientAccepts": true,
                     *         "MedicID": 1,
                     *         "PatientID": 1,
                     *         "isConsultation": false,
                     *         "budgetID": null,
                     *         "budgetPaid": null,
                     *         "userPatient": {
                     *           "name": "Lisa",
                     *           "lastName": "Simpson",
                     *           "document": "35123456"
                     *         }
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["Turn"][];
                };
            };
            /** @description Not signed in, or the sign-in is not finished. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed for this caller. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (or not yours). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid input: `errors` holds one message per field path. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Something went wrong (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_api_turns_free: {
        parameters: {
            query: {
                date: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Start times where a standard turn fits. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "date": "2026-12-01",
                     *       "slots": [
                     *         9,
                     *         9.5,
                     *         12.5,
                     *         14,
                     *         14.5,
                     *         17,
                     *         17.5
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["FreeSlots"];
                };
            };
            /** @description Not signed in, or the sign-in is not finished. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed for this caller. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (or not yours). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The clinic has no office hours yet. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid input: `errors` holds one message per field path. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Something went wrong (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_api_turns_live: {
        parameters: {
            query: {
                from: string;
                to: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Switching to a WebSocket. */
            101: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not signed in, or the sign-in is not finished. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed for this caller. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (or not yours). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid input: `errors` holds one message per field path. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not a WebSocket request. */
            426: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Something went wrong (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    put_api_turns_update_by_id: {
        parameters: {
            query?: {
                /** @description `true`: run every check of the write, write nothing, answer 200 `{ errors }`. */
                validate?: "true";
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    time?: unknown;
                    MedicID?: unknown;
                    /** @constant */
                    medicAccepts?: true;
                    /** @constant */
                    patientAccepts?: true;
                };
            };
        };
        responses: {
            /** @description The turn. Or: With `?validate=true`: every check the write would make, nothing written. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Turn"] | components["schemas"]["DryRun"];
                };
            };
            /** @description The body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in, or the sign-in is not finished. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed for this caller. A write from another site (`Origin`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (or not yours). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The consultation must be paid first, or the turn has started. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is too large (1 MB of JSON). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid input: `errors` holds one message per field path. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Something went wrong (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Deployed without its origin setting (`APP_ORIGIN`): nothing was written. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    delete_api_turns_delete_by_id: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Cancelled. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ID: number;
                        /** @constant */
                        deleted: true;
                    };
                };
            };
            /** @description The body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in, or the sign-in is not finished. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed for this caller. A write from another site (`Origin`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (or not yours). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too late to cancel (24 hours before, for patients), or the turn has started. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is too large (1 MB of JSON). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Something went wrong (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Deployed without its origin setting (`APP_ORIGIN`): nothing was written. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    put_api_turns_move_by_id: {
        parameters: {
            query?: {
                /** @description `true`: run every check of the write, write nothing, answer 200 `{ errors }`. */
                validate?: "true";
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    date: string;
                    time: number | string;
                };
            };
        };
        responses: {
            /** @description The moved turn. Or: With `?validate=true`: every check the write would make, nothing written. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Turn"] | components["schemas"]["DryRun"];
                };
            };
            /** @description The body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in, or the sign-in is not finished. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed for this caller. A write from another site (`Origin`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (or not yours). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Out of office hours, taken, or the turn has started. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is too large (1 MB of JSON). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid input: `errors` holds one message per field path. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Something went wrong (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Deployed without its origin setting (`APP_ORIGIN`): nothing was written. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_api_reminders: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Whether reminder mails are on. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        enabled: boolean;
                    };
                };
            };
            /** @description Not signed in, or the sign-in is not finished. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed for this caller. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (or not yours). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Something went wrong (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    put_api_reminders: {
        parameters: {
            query?: {
                /** @description `true`: run every check of the write, write nothing, answer 200 `{ errors }`. */
                validate?: "true";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    enabled: boolean;
                };
            };
        };
        responses: {
            /** @description The setting. Or: With `?validate=true`: every check the write would make, nothing written. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        enabled: boolean;
                    } | components["schemas"]["DryRun"];
                };
            };
            /** @description The body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in, or the sign-in is not finished. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed for this caller. A write from another site (`Origin`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (or not yours). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is too large (1 MB of JSON). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid input: `errors` holds one message per field path. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Something went wrong (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Deployed without its origin setting (`APP_ORIGIN`): nothing was written. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_api_reminders_off: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page with the button. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Local runs answer only loopback host names. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Something went wrong (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    post_api_reminders_off: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done, in words. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description The body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Local runs answer only loopback host names. A write from another site (`Origin`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is too large (1 MB of JSON). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Something went wrong (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Deployed without its origin setting (`APP_ORIGIN`): nothing was written. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_api_Budgets: {
        parameters: {
            query?: {
                q?: string;
                paid?: "true" | "false";
                sort?: "date_desc" | "date_asc" | "name_asc" | "name_desc" | "amount_asc" | "amount_desc";
                limit?: string;
                offset?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of budgets. */
            200: {
                headers: {
                    /** @description The full count of the list (a lower bound when `X-Total-Count-Exact` is false). */
                    "X-Total-Count"?: number;
                    /** @description `false` when a search counted only up to its cap past the page. */
                    "X-Total-Count-Exact"?: "false";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "ID": 1,
                     *         "PatientID": 1,
                     *         "patientFullName": "Lisa Simpson",
                     *         "patientDocument": "35123456",
                     *         "treatments": [
                     *           {
                     *             "ID": "0101",
                     *             "treatmentType": "Consultation",
                     *             "description": "Consultation",
                     *             "price": 1170,
                     *             "quantity": 1,
                     *             "subTotalPrice": 1170
                     *           }
                     *         ],
                     *         "discount": null,
                     *         "totalPrice": 1170,
                     *         "paid": false,
                     *         "linkPayment": null,
                     *         "idPayment": null,
                     *         "creationDate": "2026-11-20",
                     *         "updateDate": "2026-11-20"
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["Budget"][];
                };
            };
            /** @description Not signed in, or the sign-in is not finished. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed for this caller. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (or not yours). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid input: `errors` holds one message per field path. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Something went wrong (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    put_api_Budgets: {
        parameters: {
            query?: {
                /** @description `true`: run every check of the write, write nothing, answer 200 `{ errors }`. */
                validate?: "true";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    ID: number | string;
                    linkPayment?: string | null;
                    idPayment?: string | null;
                    /** @constant */
                    paid?: true;
                };
            };
        };
        responses: {
            /** @description The budget. Or: With `?validate=true`: every check the write would make, nothing written. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BudgetDetails"] | components["schemas"]["DryRun"];
                };
            };
            /** @description The body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in, or the sign-in is not finished. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed for this caller. A write from another site (`Origin`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is too large (1 MB of JSON). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid input: `errors` holds one message per field path. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Something went wrong (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Deployed without its origin setting (`APP_ORIGIN`): nothing was written. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    post_api_Budgets: {
        parameters: {
            query?: {
                /** @description `true`: run every check of the write, write nothing, answer 200 `{ errors }`. */
                validate?: "true";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    PatientID: number | string;
                    treatments: unknown;
                    /** @default null */
                    discount?: number | null;
                    /** @default false */
                    withPaymentLink?: boolean;
                };
            };
        };
        responses: {
            /** @description With `?validate=true`: every check the write would make, nothing written. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DryRun"];
                };
            };
            /** @description Created. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BudgetDetails"];
                };
            };
            /** @description The body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in, or the sign-in is not finished. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed for this caller. A write from another site (`Origin`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is too large (1 MB of JSON). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid input: `errors` holds one message per field path. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Something went wrong (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The payment service failed: nothing was written. Deployed without its origin setting (`APP_ORIGIN`): nothing was written. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_api_Budgets_by_id: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The budget with its patient. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BudgetDetails"];
                };
            };
            /** @description Not signed in, or the sign-in is not finished. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed for this caller. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (or not yours). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Something went wrong (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    post_api_payments_create_preference: {
        parameters: {
            query?: {
                /** @description `true`: run every check of the write, write nothing, answer 200 `{ errors }`. */
                validate?: "true";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    ID: number | string;
                };
            };
        };
        responses: {
            /** @description Where the patient pays. Or: With `?validate=true`: every check the write would make, nothing written. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentPreference"] | components["schemas"]["DryRun"];
                };
            };
            /** @description The body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in, or the sign-in is not finished. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed for this caller. A write from another site (`Origin`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (or not yours). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The budget is already paid. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is too large (1 MB of JSON). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid input: `errors` holds one message per field path. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Something went wrong (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The payment service is not available. Deployed without its origin setting (`APP_ORIGIN`): nothing was written. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_api_payments_demo_checkout_by_id: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The checkout page. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Not signed in, or the sign-in is not finished. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed for this caller. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (or not yours). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Something went wrong (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    post_api_payments_demo_checkout_by_id: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Back to the patient's payments. */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in, or the sign-in is not finished. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed for this caller. A write from another site (`Origin`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (or not yours). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is too large (1 MB of JSON). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Something went wrong (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Deployed without its origin setting (`APP_ORIGIN`): nothing was written. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    post_api_payments_webhook: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Received. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        received: true;
                        applied: boolean;
                    };
                };
            };
            /** @description The body is not valid JSON. A bad signature or a malformed event. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Local runs answer only loopback host names. A write from another site (`Origin`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is too large (1 MB of JSON). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Something went wrong (logged with the request id). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Deployed without its origin setting (`APP_ORIGIN`): nothing was written. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
}
