// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Owned, ScenarioERC20} from "./ScenarioERC20.sol";

/// @notice The token implementation behind the corpus's proxies and clones: a plain ERC-20 set up
/// by `initialize` (once), which as an EIP-1822 (UUPS) implementation also carries its own
/// upgrade function. The risk is the proxy itself: whoever controls it can swap this code.
contract UpgradeableToken is Owned, ScenarioERC20 {
    /// keccak256("PROXIABLE"), the EIP-1822 code slot.
    bytes32 internal constant PROXIABLE_SLOT = 0xc5f16f0fcc639fa48a6947836d9850f504798523bf8c9a3a87d5876cf622bcf7;
    bool private _initialized;

    constructor() {
        // The implementation itself is never initialized, as OpenZeppelin's _disableInitializers.
        _initialized = true;
    }

    function initialize(string calldata name_, string calldata symbol_, uint256 supply, address owner_) external {
        require(!_initialized, "initialized");
        _initialized = true;
        _setOwner(owner_);
        _initToken(name_, symbol_, supply, owner_);
    }

    function proxiableUUID() external pure returns (bytes32) {
        return PROXIABLE_SLOT;
    }

    function updateCodeAddress(address implementation) external onlyOwner {
        assembly {
            sstore(PROXIABLE_SLOT, implementation)
        }
    }
}

abstract contract DelegatingProxy {
    function _delegate(address implementation) internal {
        assembly {
            calldatacopy(0, 0, calldatasize())
            let result := delegatecall(gas(), implementation, 0, calldatasize(), 0, 0)
            returndatacopy(0, 0, returndatasize())
            switch result
            case 0 {
                revert(0, returndatasize())
            }
            default {
                return(0, returndatasize())
            }
        }
    }

    function _initialize(address implementation, bytes memory data) internal {
        if (data.length > 0) {
            (bool ok, ) = implementation.delegatecall(data);
            require(ok, "init failed");
        }
    }

    function _getAddress(bytes32 slot) internal view returns (address value) {
        assembly {
            value := sload(slot)
        }
    }

    function _setAddress(bytes32 slot, address value) internal {
        assembly {
            sstore(slot, value)
        }
    }
}

/// @notice An EIP-1967 transparent proxy: the admin may only upgrade, everyone else is forwarded.
contract TransparentProxy is DelegatingProxy {
    /// bytes32(uint256(keccak256("eip1967.proxy.implementation")) - 1)
    bytes32 internal constant IMPLEMENTATION_SLOT = 0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc;
    /// bytes32(uint256(keccak256("eip1967.proxy.admin")) - 1)
    bytes32 internal constant ADMIN_SLOT = 0xb53127684a568b3173ae13b9f8a6016e243e63b6e8ee1178d6a717850b5d6103;

    constructor(address implementation, address admin, bytes memory data) payable {
        _setAddress(IMPLEMENTATION_SLOT, implementation);
        _setAddress(ADMIN_SLOT, admin);
        _initialize(implementation, data);
    }

    fallback() external payable {
        if (msg.sender == _getAddress(ADMIN_SLOT)) {
            require(msg.sig == bytes4(keccak256("upgradeTo(address)")), "admin cannot fallback");
            _setAddress(IMPLEMENTATION_SLOT, abi.decode(msg.data[4:], (address)));
            return;
        }
        _delegate(_getAddress(IMPLEMENTATION_SLOT));
    }
}

/// @notice The beacon of EIP-1967 beacon proxies: one implementation address for all of them.
contract UpgradeableBeacon is Owned {
    address public implementation;

    constructor(address implementation_) {
        _setOwner(msg.sender);
        implementation = implementation_;
    }

    function upgradeTo(address implementation_) external onlyOwner {
        implementation = implementation_;
    }
}

/// @notice An EIP-1967 beacon proxy: asks the beacon for the implementation on every call.
contract BeaconProxy is DelegatingProxy {
    /// bytes32(uint256(keccak256("eip1967.proxy.beacon")) - 1)
    bytes32 internal constant BEACON_SLOT = 0xa3f0ad74e5423aebfd80d3ef4346578335a9a72aeaee59ff6cb3582b35133d50;

    constructor(address beacon, bytes memory data) payable {
        _setAddress(BEACON_SLOT, beacon);
        _initialize(UpgradeableBeacon(beacon).implementation(), data);
    }

    fallback() external payable {
        _delegate(UpgradeableBeacon(_getAddress(BEACON_SLOT)).implementation());
    }
}

/// @notice An EIP-1822 (UUPS) proxy: the implementation lives at keccak256("PROXIABLE") and
/// upgrades itself through `updateCodeAddress`.
contract UupsProxy is DelegatingProxy {
    bytes32 internal constant PROXIABLE_SLOT = 0xc5f16f0fcc639fa48a6947836d9850f504798523bf8c9a3a87d5876cf622bcf7;

    constructor(address implementation, bytes memory data) payable {
        _setAddress(PROXIABLE_SLOT, implementation);
        _initialize(implementation, data);
    }

    fallback() external payable {
        _delegate(_getAddress(PROXIABLE_SLOT));
    }
}
