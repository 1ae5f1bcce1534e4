//! The seventy-ninth round, read after `final70.jsonl` was measured: model files and runtimes, serialization and schema registries, linters, cryptography tools, archives and trip planners.

use loopctl_reflect_rules::Confidence;

use crate::verdicts::{
    assert_all, assert_not_lasting_surely, assert_not_passing_unsure, assert_passing,
    assert_refused_beside, assert_refused_surely,
};

/// The round's passing texts decided by weak words, each from its system's
/// own files or thread: passing, weakly, and still refused beside a
/// credential word.
const WEAK_PASSING: &[&str] = &[
    // fleetdm/fleet#44724
    "Error: parallel golangci-lint is running\nThe command is terminated due to an error: parallel golangci-lint is running",
    // public-transport/hafas-client
    "journeys search: a connection to the backend server couldn't be established",
    // confluentinc/schema-registry
    "Error while listing contexts",
    // public-transport/hafas-client
    "internal communication error",
    // public-transport/hafas-client
    "an unknown problem occured during search",
    // public-transport/hafas-client
    "journeys search: leg query interrupted",
];

#[test]
fn registries_locks_keyservers_and_backends_pass_unsure() {
    assert_all((true, Confidence::Weak), WEAK_PASSING);
}

#[test]
fn refusals_beside_the_new_passing_words_stay_refused() {
    assert_refused_beside(WEAK_PASSING);
}

#[test]
fn files_schemas_archives_and_queries_last_surely() {
    assert_all(
        (false, Confidence::Strong),
        &[
            // huggingface/safetensors
            "incomplete metadata, file not fully covered",
            // huggingface/safetensors
            "overflow computing buffer size from shape and/or element type",
            // apple/coremltools
            "Unable to load any compiled models. This is most likely because coremltools was installed from an egg rather than a wheel.",
            // pytorch/executorch
            "Verification failed; data may be truncated or corrupt",
            // codefuse-ai/MFTCoder#20
            "safetensors_rust.SafetensorError: Error while deserializing header: HeaderTooLarge",
            // NVIDIA/retinanet-examples#314
            "The engine plan file is not compatible with this version of TensorRT, expecting library version 8.0.0 got 8.0.1, please rebuild.",
            // wang-xinyu/tensorrtx#855
            "Try increasing the workspace size with IBuilderConfig::setMaxWorkspaceSize() if using IBuilder::buildEngineWithConfig, or IBuilder::setMaxWorkspaceSize() if using IBuilder::buildCudaEngine.",
            // EdjeElectronics/TensorFlow-Lite-Object-Detection-on-Android-and-Raspberry-Pi#6
            "RuntimeError: Encountered unresolved custom op: AddV2.Node number 0 (AddV2) failed to prepare.",
            // tensorflow/tensorflow#44424
            "Encountered unresolved custom op: TensorListReserve.",
            // openvinotoolkit/openvino.genai#2434
            "Exception from src/inference/src/cpp/core.cpp:95:\nException from src/inference/src/model_reader.cpp:155:\nUnable to read the model: whisper-base/openvino_tokenizer.xml Please check that model format: xml is supported and the model is correct. Available frontends:",
            // openvinotoolkit/open_model_zoo#3725
            "RuntimeError: Device with \"MYRIAD\" name is not registered in the OpenVINO Runtime",
            // openvinotoolkit/model_server
            "Model with requested version is retired",
            // confluentinc/kafka-connect-hdfs#202
            "org.apache.kafka.common.errors.SerializationException: Unknown magic byte!",
            // SourceLabOrg/kafka-webview#231
            "org.apache.kafka.common.errors.SerializationException: Error deserializing key/value for partition usermanagement.user.avro.v2-20 at offset 0. If needed, please seek past the record to continue consumption.",
            // protocolbuffers/protobuf#4989
            "google.protobuf.message.DecodeError: Error parsing message",
            // protocolbuffers/protobuf#8046
            "DecodeError: Truncated string.",
            // protocolbuffers/protobuf#8046
            "DecodeError: Field number 0 is illegal.",
            // protocolbuffers/protobuf
            "While parsing a protocol message, the input ended unexpectedly in the middle of a field.  This could mean either that the input has been truncated or that an embedded message misreported its own length.",
            // protobufjs/protobuf.js
            "illegal buffer",
            // msgpack/msgpack-python
            "Unpack failed: incomplete input",
            // agronholm/cbor2
            "break code encountered where a data item was expected",
            // agronholm/cbor2
            "naive datetime encountered and no default timezone has been set",
            // agronholm/cbor2
            "cyclic data structure detected",
            // fastavro/fastavro
            "The decimal precision is bigger than allowed by schema",
            // databricks/spark-avro#184
            "Exception in thread \"main\" org.apache.avro.AvroTypeException: Expected start-union. Got VALUE_STRING",
            // GoogleCloudPlatform/java-docs-samples#5560
            "org.apache.avro.AvroTypeException: Found null, expecting int",
            // ajv-validator/ajv#2335
            "Error: no schema with key or ref \"https://json-schema.org/draft/2020-12/schema\"",
            // ajv-validator/ajv#472
            "Error: no schema with key or ref \"http://json-schema.org/draft-04/schema#\"",
            // ajv-validator/ajv#1432
            "no schema with key or ref \"http://json-schema.org/draft/2019-09/schema#\"",
            // golangci/golangci-lint#5032
            "Error: can't load config: the Go language version (go1.22) used to build golangci-lint is lower than the targeted Go version (1.23.1)\nFailed executing command with error: can't load config: the Go language version (go1.22) used to build golangci-lint is lower than the targeted Go version (1.23.1)",
            // golangci/golangci-lint
            "Timeout exceeded: try increasing it by passing --timeout option",
            // golangci/golangci-lint
            "can't combine option --config and --no-config",
            // python/mypy
            "Daemon is still alive",
            // python/mypy
            "No status file found",
            // unpkg.com
            "'--ignoreexternal' is valid only when used with '--verifytypes'",
            // biomejs/biome
            "No running instance of the Biome daemon server was found.",
            // biomejs/biome
            "Code formatting aborted due to parsing errors. To format code with errors, enable the 'formatter.formatWithErrors' option.",
            // googlefonts/fontc#1655
            "error: 'cargo-clippy' is not installed for the toolchain 'stable-x86_64-unknown-linux-gnu'.\nTo install, run `rustup component add clippy`",
            // sbhattlab/phylo2vec#123
            "error: 'cargo-fmt' is not installed for the toolchain 'stable-x86_64-unknown-linux-gnu'.\nTo install, run `rustup component add rustfmt`",
            // near/mpc#475
            "error: 'cargo-clippy' is not installed for the toolchain '1.85.1-x86_64-unknown-linux-gnu'.\nTo install, run `rustup component add --toolchain 1.85.1-x86_64-unknown-linux-gnu clippy`",
            // keybase/keybase-issues#2798
            "gpg: signing failed: Inappropriate ioctl for device\ngpg: [stdin]: clear-sign failed: Inappropriate ioctl for device",
            // apache/maven-gpg-plugin#232
            "gpg: signing failed: No pinentry",
            // openssl/openssl#7926
            "bad decrypt\n9112:error:06065064:digital envelope routines:EVP_DecryptFinal_ex:bad decrypt:.\\crypto\\evp\\evp_enc.c:531:",
            // openssl/openssl#5541
            "bad decrypt\n140404913980672:error:06065064:digital envelope routines:EVP_DecryptFinal_ex:bad decrypt:../crypto/evp/evp_enc.c:540:",
            // chris2511/xca#413
            "error:0606506D:digital envelope routines:EVP_DecryptFinal_ex:wrong final block length",
            // openssl/openssl#14790
            "openssl pkcs12: unable to load provider legacy",
            // pyca/cryptography
            "Key encrypted with unknown cipher.",
            // FiloSottile/age#121
            "Error: unknown recipient type: \"github:Benjojo\"",
            // FiloSottile/age
            "refusing to output binary to the terminal",
            // getsops/sops
            "error loading config: no matching creation rules found",
            // pyca/pynacl
            "Decryption failed. Ciphertext failed verification",
            // pyca/pynacl#658
            "nacl.exceptions.CryptoError: An error occurred trying to decrypt the message",
            // libarchive/libarchive
            "Truncated tar archive detected while reading next header",
            // libarchive/libarchive
            "Refusing to overwrite archive",
            // tukaani-project/xz
            "File format not recognized",
            // mtslzr/homebrew-marmaduke-chromium#37
            "xz: Chromium.app.ungoogled-127.0.6533.89.tar.xz: Compressed data is corrupt",
            // isaacs/node-tar
            "path escaped extraction target",
            // isaacs/node-tar
            "path excessively deep",
            // apache/commons-compress
            "No Archiver found for the stream signature",
            // python/cpython
            "Bad magic number for file header",
            // onekey-sec/unblob#156
            "tarfile.ReadError: unexpected end of data",
            // ClarkuCSCI/pydiode#14
            "tarfile.ReadError: truncated header",
            // ip7z/7zip
            "Unavailable start of archive",
            // user0x1337/htb-operator#27
            "skipping: web_magical_palindrome/flag.txt  need PK compat. v5.1 (can do v4.6)",
            // public-transport/hafas-client
            "journeys search: query too complex, try less intermediate stations",
            // public-transport/hafas-client
            "journeys search: departure & arrival are too near",
            // opentripplanner/OpenTripPlanner
            "No transit times available. The date may be past or too far in the future or there may not be transit service for your trip at the time you chose.",
            // opentripplanner/OpenTripPlanner
            "Origin is unknown. Can you be a bit more descriptive?",
            // opentripplanner/OpenTripPlanner
            "Destination is unknown.  Can you be a bit more descriptive?",
            // opentripplanner/OpenTripPlanner
            "The location was found, but no stops could be found within the search radius.",
            // opentripplanner/OpenTripPlanner
            "Origin is within a trivial distance of the destination.",
            // hove-io/navitia
            "No region nor coordinates given",
            // hove-io/navitia
            "Unable to parse region",
            // OneBusAway/onebusaway-application-modules
            "ServiceDateOutOfRange",
            // OneBusAway/onebusaway-application-modules
            "NoServiceThatDay",
            // entur/sdk
            "Entur SDK: Could not parse <date> argument to valid Date",
            // interline-io/transitland-lib
            "at least one feed in the DMFR file is not of a valid spec (GTFS, GTFS-RT, GBFS, or MDS)",
            // cal-itp/data-infra#5706
            "Error parsing message with type 'transit_realtime.FeedMessage'",
        ],
    );
}

#[test]
fn out_of_memory_crc_agent_errors_and_tool_bugs_last_unsure() {
    assert_all(
        (false, Confidence::Weak),
        &[
            // msgpack/msgpack-python#629
            "unpack(b) received extra data.",
            // bufbuild/buf#1195
            "Failure: it looks like you have found a bug in buf. Please file an issue at https://github.com/bufbuild/buf/issues/ and provide the command you ran, as well as the following message: unknown digest prefix: b3.",
            // bufbuild/buf#1207
            "Failure: it looks like you have found a bug in buf. Please file an issue at https://github.com/bufbuild/buf/issues/ and provide the command you ran, as well as the following message: empty digest",
            // microsoft/onnxruntime#16307
            "Non-zero status code returned while running ReduceSum node. onnxruntime::BFCArena::AllocateRawInternal Failed to allocate memory for requested buffer of size 939524096",
            // tensorflow/tensorflow#41758
            "java.lang.IllegalStateException: Internal error: Unexpected failure when preparing tensor allocations: Encountered unresolved custom op: Slice.\n    Node number 0 (Slice) failed to prepare.",
            // psf/black#2265
            "error: cannot format /home/vijayant/Desktop/phoenix2/phoenix/src/device/deviceconfigserver/deviceconfigsdk_py3/device_sdk.py: INTERNAL ERROR: Black produced different code on the second pass of the formatter.  Please report a bug on https://github.com/psf/black/issues.  This diff might be helpful: /tmp/blk_c0tsf65p.log\nOh no! 💥 💔 💥\n1 file failed to reformat.",
            // catalyst/moodle-tool_dataflows#775
            "gpg: can't connect to the agent: IPC connect call failed",
            // libarchive/libarchive#1129
            "TestWavFile/Sweep_1Hz_44000Hz_-3dBFS_30s.wav: 7-Zip bad CRC: 0x5f2fe0a4 should be 0x2a268c5a",
            // jamf/aftermath#46
            "ERROR: CRC Failed : Aftermath_C02X95WFJGH6/Artifacts/raw/logs/system_logs/install.log\nERROR: CRC Failed : Aftermath_C02X95WFJGH6/metadata.csv",
            // deepinsight/insightface#420
            "bad CRC 53fbb04f  (should be c18790d6)",
        ],
    );
}

/// The refusals: a secret key, identity, data key, password or secret that
/// is missing or does not open the data.
const REFUSED: &[&str] = &[
    // szorfein/dots#6
    "gpg: decryption failed: No secret key",
    // pyca/cryptography#11291
    "Password was not given but private key is encrypted",
    // fluencelabs/dev-rewards#85
    "age: error: no identity matched any of the recipients",
    // thoth-station/thoth-application#1513
    "Could not generate data key: [failed to encrypt new data key with master key \"34AFE2A7C8E00ED66916D95DA9FBD7DE773B2A34\": could not encrypt data key with PGP key: golang.org/x/crypto/openpgp error: key with fingerprint 34AFE2A7C8E00ED66916D95DA9FBD7DE773B2A34 is not available in keyring and could not be retrieved from keyserver; GPG binary error: exit status 2]",
    // getsops/sops
    "the key could not be decrypted with any of the PGP entries",
    // interline-io/transitland-lib
    "no matching secret found",
];

#[test]
fn missing_keys_identities_and_secrets_are_refused() {
    // Refused surely, beside the weak "failed to connect" too.
    assert_refused_surely(REFUSED);
}

#[test]
fn a_keyserver_client_that_is_not_installed_lasts() {
    // final43: gpg without dirmngr cannot ask any keyserver.
    assert_all(
        (false, Confidence::Strong),
        &["gpg: keyserver receive failed: No dirmngr"],
    );
}

/// What the review named: refusals in the Schema Registry's, Apicurio's
/// and gpg's words.
const REVIEW_REFUSED: &[&str] = &[
    // the Schema Registry's RBAC refusal, with and without its 403 code,
    // and Apicurio's
    "User is denied operation Write on Subject: orders-value; error code: 40301",
    "User is denied operation Write on Subject: orders-value",
    "io.apicurio.registry.rest.client.exception.NotAuthorizedException",
    // a registry 500 that is really a refusal (constructed from the
    // registry's text and its 401 and 403 codes)
    "Error while listing contexts; error code: 40101",
    "io.confluent.kafka.schemaregistry.client.rest.exceptions.RestClientException: Error while listing contexts; error code: 40301",
    // gpg's own words for a wrong passphrase and a missing signing key
    "gpg: signing failed: Bad passphrase",
    "gpg: signing failed: No secret key",
];

#[test]
fn what_the_review_named_lasts_or_is_refused() {
    assert_refused_surely(REVIEW_REFUSED);
    assert_all(
        (false, Confidence::Strong),
        &[
            // OpenSSL 3's spellings, without and with the function names of
            // 3.0's first releases
            "error:1C800064:Provider routines::bad decrypt",
            "error:1C80006B:Provider routines::wrong final block length",
            "error:1C800064:Provider routines:ossl_cipher_unpadblock:bad decrypt",
            "error:1C80006B:Provider routines:ossl_cipher_generic_block_final:wrong final block length",
            // safetensors' header of a truncated download
            "safetensors_rust.SafetensorError: Error while deserializing header: MetadataIncompleteBuffer",
            // pinentry waiting for a passphrase nobody types
            "gpg: signing failed: Timeout",
        ],
    );
    // The pool's DNS records were withdrawn for good (RocketChat's
    // Docker image #145, hashicorp/docker-consul#169), and no keyserver
    // answers (31z4/zookeeper-docker#52): lasting, weakly.
    assert_all(
        (false, Confidence::Weak),
        &[
            "gpg: keyserver receive failed: No name",
            "gpg: keyserver receive failed: No keyserver available",
        ],
    );
}

#[test]
fn what_the_review_took_out_is_no_blip() {
    assert_not_passing_unsure(&[
        // heroku/heroku-repo#100: it kept failing until tar got `-P`
        "tar: ./heroku-16/vendor/bundle/ruby: Directory renamed before its status could be extracted\ntar: ./heroku-16/vendor/bundle: Directory renamed before its status could be extracted\ntar: Exiting with failure status due to previous errors",
        // pikvm/pi-builder#16: failed every time until dirmngr's resolver
        // was set
        "gpg: keyserver receive failed: Server indicated a failure\n==> ERROR: Remote key not fetched correctly from keyserver.",
        // openvinotoolkit/model_server: also the answer after a failed load
        "Model with requested version is not loaded yet",
    ]);
    // stty's noise line beside the real failure: the time-out decides
    // (constructed from the two real lines).
    assert_passing(&[
        "stty: 'standard input': Inappropriate ioctl for device\ncurl: (28) Operation timed out after 30001 milliseconds with 0 bytes received",
    ]);
    // python-can's UDP bus meets MessagePack's extra data when two
    // datagrams merge; its wrapper's words are no input error.
    assert_not_lasting_surely(&[
        "can.exceptions.CanOperationError: could not unpack received message",
    ]);
}
